import { accountList, customerList, routes } from '@sandbank/engine';
import { clockWork, createApp, createSeedState } from '@sandbank/engine/internal';
import { call, FIXED_NOW, fixedSandbox } from '@sandbank/test-support/http';
import { advance, approve, createPayment, ndctBody, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

/** The paths of every object or array in `value` that is not frozen. */
function unfrozen(value: unknown, path = '$', found: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return found;
  if (!Object.isFrozen(value)) found.push(path);
  for (const [key, child] of Object.entries(value)) unfrozen(child, `${path}.${key}`, found);
  return found;
}

describe('the state is immutable', () => {
  it('is deeply frozen from the start and after every change', async () => {
    const sandbox = fixedSandbox();
    const first = sandbox.getState();
    const account = accountList(first)[0];
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(account)).toBe(true);
    const created = await call(sandbox, 'POST', '/v1/sandbox/customers', {
      body: { customerNumber: '01017010170', name: 'Nora Berg', type: 'private' },
    });
    expect(created.status).toBe(201);
    const next = sandbox.getState();
    expect(next).not.toBe(first);
    expect(Object.isFrozen(customerList(next).at(-1))).toBe(true);
    expect(() => {
      (next.meta as { counter: number }).counter = 0;
    }).toThrow(TypeError);
  });

  it('is frozen all through after changes that add, change and remove nested data', async () => {
    const sandbox = newSandbox();
    const created = await createPayment(sandbox, ndctBody(sandbox.getState()));
    expect(created.status).toBe(201);
    expect(unfrozen(sandbox.getState())).toEqual([]);
    expect((await approve(sandbox, created.body.paymentId)).status).toBe(200);
    expect((await advance(sandbox, 24 * 60)).status).toBe(200);
    expect(unfrozen(sandbox.getState())).toEqual([]);
    const reset = await call(sandbox, 'POST', '/_sandbank/reset', { body: {} });
    expect(reset.status).toBe(204);
    expect(unfrozen(sandbox.getState())).toEqual([]);
  });

  it('freezes the whole state when the app is given one that is not frozen', () => {
    const { apply } = createApp(routes, '/v1', { clockWork });
    const seed = createSeedState('sandbank', FIXED_NOW);
    const done = apply(
      seed,
      {
        method: 'POST',
        path: '/v1/sandbox/customers',
        query: {},
        headers: { 'x-request-id': 'c-1', 'content-type': 'application/json' },
        bodyText: JSON.stringify({ customerNumber: '01017010170', name: 'Nora Berg', type: 'private' }),
      },
      {
        now: FIXED_NOW,
        sourceNow: FIXED_NOW,
        origin: 'http://localhost',
        profile: 'sandbox',
        basePath: '/v1',
        tpp: { kind: 'unchecked' },
      },
    );
    expect(done.response.status).toBe(201);
    expect(unfrozen(done.state)).toEqual([]);
  });

  it('answers a reading request without replacing the state', async () => {
    const sandbox = fixedSandbox();
    await call(sandbox, 'GET', '/v1/sandbox/customers');
    const before = sandbox.getState();
    const answer = await call(sandbox, 'GET', '/v1/sandbox/customers');
    expect(answer.status).toBe(200);
    expect(sandbox.getState()).toBe(before);
  });
});
