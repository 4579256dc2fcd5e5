import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandbox, ERROR_STATUSES, routes } from '../../packages/engine/src/index.js';
import { checkInvariants, requestArbitrary, toRequest } from './generators.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const knownCodes = new Set(Object.keys(ERROR_STATUSES));
const runs = Number(process.env.FUZZ_RUNS ?? 1500);

describe('robustness under generated requests', () => {
  it('never answers 5xx or throws; every error is tppMessages with a known code; failures change nothing', async () => {
    const sandbox = createSandbox({ now: () => NOW, seed: 'fuzz' });
    await fc.assert(
      fc.asyncProperty(requestArbitrary(routes, '/v1'), fc.nat(), async (generated, pick) => {
        const violation = await checkInvariants(
          sandbox,
          toRequest(generated, sandbox.getState(), pick),
          knownCodes,
        );
        expect(violation).toBeNull();
      }),
      { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
  });

  it('gives the same answers to the same generated sequence from the same seed', async () => {
    const sequence = fc.sample(fc.tuple(requestArbitrary(routes, '/v1'), fc.nat()), {
      numRuns: 200,
      seed: 7,
    });
    const answers = async () => {
      const sandbox = createSandbox({ now: () => NOW, seed: 'same' });
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
