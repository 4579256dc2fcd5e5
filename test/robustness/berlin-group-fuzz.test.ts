import { routes } from '@sandbank/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinGroupErrors } from '../conformance/berlin-group.js';
import { applyDeviations } from '../conformance/deviations.js';
import { berlinGroupOperation } from '../conformance/journey.js';
import { consentedPsus, fuzzSandbox, keepConsents, requestArbitrary, toRequest } from './generators.js';

const runs = Number(process.env.FUZZ_RUNS ?? 1500);

describe('Berlin Group conformance under generated requests', () => {
  it('answers every generated call of a Berlin Group operation with a conforming body (docs/conformance.md)', async () => {
    const sandbox = fuzzSandbox('fuzz');
    const psus = await consentedPsus(sandbox);
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(routes, '/v1', psus), fc.nat(), async (generated, pick) => {
        await keepConsents(sandbox);
        const request = toRequest(generated, sandbox.getState(), pick);
        const url = new URL(request.url);
        const fixes = new Set(
          (request.headers.get('x-accept-fix') ?? '').split(',').map((f) => f.trim().toLowerCase()),
        );
        const response = await sandbox.fetch(request);
        const operation = berlinGroupOperation(request.method, url.pathname, response.status);
        if (operation === null || !(response.headers.get('content-type') ?? '').includes('json')) return;
        const patched = applyDeviations({
          operation,
          status: response.status,
          body: await response.json(),
          fixes,
          legacyFixes: false,
        });
        checked++;
        expect(
          berlinGroupErrors(operation, patched.status, patched.body),
          `${request.method} ${url.pathname}${url.search} → ${response.status}`,
        ).toEqual([]);
      }),
      { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(checked).toBeGreaterThan(runs / 10);
  });
});
