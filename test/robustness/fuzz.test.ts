import { ERROR_STATUSES, routes } from '@sandbank/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consentedPsus,
  fuzzSandbox,
  keepConsents,
  requestArbitrary,
  restartRequestIds,
  toRequest,
} from './generators.js';
import {
  checkInvariants,
  checkLedger,
  checkPaymentHistories,
  documentedTransitions,
  ledgerBaselines,
  PART_7_CODES,
} from './invariants.js';

const knownCodes = new Set(PART_7_CODES);
const runs = Number(process.env.FUZZ_RUNS ?? 1500);

describe('robustness under generated requests', () => {
  it("holds the engine's code table to part 7 rule 1: no code outside it, none missing", () => {
    expect(Object.keys(ERROR_STATUSES).sort()).toEqual([...PART_7_CODES].sort());
  });

  it('never answers 5xx or throws; every error is tppMessages with a known code; failures change nothing', async () => {
    const sandbox = fuzzSandbox('fuzz');
    const psus = await consentedPsus(sandbox);
    const baselines = ledgerBaselines();
    const diagram = documentedTransitions();
    expect(diagram.size).toBeGreaterThan(15);
    // Account-information reads that got past consent into the operation: the fuzzer reaches deep.
    const reached = new Set<string>();
    const deep = (status: number, label: string) => {
      if (status === 200 && /^GET \/v1\/(card-)?accounts\/[^/]+\/transactions/.test(label)) {
        reached.add(label.split('/').length === 6 ? 'details' : 'transactions');
      }
      if (status === 200 && /^GET \/v1\/(card-)?accounts\/[^/]+(\/balances)?$/.test(label))
        reached.add('account');
    };
    await fc.assert(
      fc.asyncProperty(requestArbitrary(routes, '/v1', psus), fc.nat(), async (generated, pick) => {
        await keepConsents(sandbox);
        const request = toRequest(generated, sandbox.getState(), pick);
        const label = `${request.method} ${new URL(request.url).pathname}`;
        const violation = await checkInvariants(sandbox, request, knownCodes, deep);
        expect(violation).toBeNull();
        expect(checkLedger(sandbox.getState(), baselines, label)).toBeNull();
        expect(checkPaymentHistories(sandbox.getState(), diagram, label)).toBeNull();
      }),
      { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    if (runs >= 1500) expect([...reached].sort()).toEqual(['account', 'details', 'transactions']);
  });

  it('gives the same answers to the same generated sequence from the same seed', async () => {
    const sequence = fc.sample(fc.tuple(requestArbitrary(routes, '/v1'), fc.nat()), {
      numRuns: 200,
      seed: 7,
    });
    const answers = async () => {
      const sandbox = fuzzSandbox('same', { checkResponses: false });
      restartRequestIds();
      const out: string[] = [];
      for (const [generated, pick] of sequence) {
        const response = await sandbox.fetch(toRequest(generated, sandbox.getState(), pick));
        out.push(`${response.status} ${await response.text()}`);
      }
      return out;
    };
    expect(await answers()).toEqual(await answers());
  });
});
