/**
 * `pnpm fuzz [runs] [seed]`: the robustness property over many generated requests (default 100 000),
 * printing the count, the seed and any counterexample.
 */
import fc from 'fast-check';
import { createSandbox, ERROR_STATUSES, routes } from '../../packages/engine/src/index.js';
import { checkInvariants, requestArbitrary, toRequest, type Violation } from './generators.js';

const runs = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const knownCodes = new Set(Object.keys(ERROR_STATUSES));
const sandbox = createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z'), seed: 'fuzz' });
let found: Violation | null = null;

const started = performance.now();
const result = await fc.check(
  fc.asyncProperty(requestArbitrary(routes, '/v1'), fc.nat(), async (generated, pick) => {
    const violation = await checkInvariants(
      sandbox,
      toRequest(generated, sandbox.getState(), pick),
      knownCodes,
    );
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
