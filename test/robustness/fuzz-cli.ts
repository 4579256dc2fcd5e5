/**
 * `pnpm fuzz [runs] [seed]`: the robustness property over many generated requests (default 100 000),
 * printing the count, the seed and any counterexample.
 */

import { routes } from '@sandbank/engine';
import fc from 'fast-check';
import { consentedPsus, fuzzSandbox, keepConsents, requestArbitrary, toRequest } from './generators.js';
import {
  checkInvariants,
  checkLedger,
  checkPaymentHistories,
  documentedTransitions,
  ledgerBaselines,
  PART_7_CODES,
  type Violation,
} from './invariants.js';

const runs = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const knownCodes = new Set(PART_7_CODES);
const sandbox = fuzzSandbox('fuzz');
const psus = await consentedPsus(sandbox);
const baselines = ledgerBaselines();
const diagram = documentedTransitions();
let found: Violation | null = null;

const started = performance.now();
const result = await fc.check(
  fc.asyncProperty(requestArbitrary(routes, '/v1', psus), fc.nat(), async (generated, pick) => {
    await keepConsents(sandbox);
    const request = toRequest(generated, sandbox.getState(), pick);
    const label = `${request.method} ${new URL(request.url).pathname}`;
    const violation =
      (await checkInvariants(sandbox, request, knownCodes)) ??
      checkLedger(sandbox.getState(), baselines, label) ??
      checkPaymentHistories(sandbox.getState(), diagram, label);
    if (violation) found = violation;
    return violation === null;
  }),
  { numRuns: runs, seed },
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`fuzz: ${result.numRuns} generated requests in ${seconds} s, seed ${seed}`);
if (result.failed) {
  console.log('counterexample:', JSON.stringify(result.counterexample, null, 2));
  console.log('violation:', found);
  process.exit(1);
}
console.log('fuzz: no violation');
