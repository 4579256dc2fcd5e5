import { createSandbox, routes, type Sandbox } from '@sandbank/engine';
import { presetIdentity, signRequest } from '@sandbank/engine/tpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../src/bank/request.js';
import { setSigner } from '../src/bank/sign.js';
import { FIXTURE_NOW } from '../src/fixtures/state.js';
import { EXAMPLES } from '../src/forms/examples.js';
import { API_OPERATIONS, type ApiOperation, exampleFor, pathWith } from '../src/forms/operations.js';
import { bodyOf, fieldsOf, valuesOf } from '../src/forms/schema.js';

// Every example the forms and Try it offer, sent as the playground sends it (X-Request-ID, Digest,
// signed with its test identity) through `sandbox.fetch`: the bank accepts each one, without a
// WARNING, on two differently seeded banks, and again once the first one is in the bank.

const withBody = API_OPERATIONS.filter((op) => op.schema !== null);

let identity: Awaited<ReturnType<typeof presetIdentity>>;
beforeAll(async () => {
  identity = await presetIdentity('both');
});
afterAll(() => setSigner(null));

/** A bank on the fixture clock; the playground's signer dates requests by its clock (X-Date, part 5.1). */
function bank(seed: string): Sandbox {
  const sandbox = createSandbox({ seed, now: () => FIXTURE_NOW });
  setSigner((request) => signRequest(request, identity, { now: sandbox.now() }));
  return sandbox;
}

/** What the form (or, for a body that is no form, Try it) sends for the operation's example. */
async function sendExample(sandbox: Sandbox, operation: ApiOperation) {
  const example = exampleFor(operation, { state: sandbox.getState(), now: sandbox.now() });
  expect(example, `${operation.key}: an example on the seeded bank`).not.toBeNull();
  const fields = operation.schema && fieldsOf(operation.schema, example!.body);
  const body = fields === null ? example!.body : bodyOf(fields, valuesOf(fields, example!.body));
  // The form's fields carry the whole example: what it shows is what it sends.
  expect(body).toEqual(example!.body);
  const request = await buildRequest({
    method: operation.method,
    path: pathWith(operation.pattern, example!.params),
    body,
  });
  const response = await sandbox.fetch(request);
  const text = await response.text();
  return { status: response.status, text };
}

describe('the example requests of the forms and Try it', () => {
  it('cover every route of the table that takes a body', () => {
    expect(withBody.map((op) => op.key.replace(/ \/(v1|_sandbank)\//, ' /'))).toEqual(
      routes.filter((r) => r.body !== undefined).map((r) => `${r.method} ${r.path}`),
    );
    for (const operation of withBody) expect(operation.example, operation.key).toBeDefined();
    // No example for an operation the table no longer has.
    expect(Object.keys(EXAMPLES).sort()).toEqual(withBody.map((op) => op.key).sort());
  });

  for (const seed of ['fixture', 'sandbank']) {
    it(`are accepted (2xx, no WARNING) by a bank seeded with "${seed}", twice over`, async () => {
      const sandbox = bank(seed);
      for (const round of [1, 2]) {
        for (const operation of withBody) {
          const { status, text } = await sendExample(sandbox, operation);
          expect(status, `${operation.key} (round ${round}): ${text}`).toBeGreaterThanOrEqual(200);
          expect(status, `${operation.key} (round ${round}): ${text}`).toBeLessThan(300);
          expect(text, `${operation.key} (round ${round})`).not.toContain('"WARNING"');
        }
      }
    });
  }

  it('are dated on the bank clock, wherever it has been moved', async () => {
    const sandbox = bank('fixture');
    const moved = await sandbox.fetch(
      new Request('http://localhost/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ set: '2027-06-15T12:00:00Z' }),
      }),
    );
    expect(moved.status).toBe(200);
    const transactions = withBody.find(
      (op) => op.key === 'POST /v1/sandbox/accounts/:mockAccountId/transactions',
    )!;
    const { status, text } = await sendExample(sandbox, transactions);
    expect(status, text).toBe(201);
    expect(text).toContain('2027-06-14');
  });
});
