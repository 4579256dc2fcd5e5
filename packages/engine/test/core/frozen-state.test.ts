import { call, fixedSandbox } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

describe('the state is immutable', () => {
  it('is deeply frozen from the start and after every change', async () => {
    const sandbox = fixedSandbox();
    const first = sandbox.getState();
    const account = Object.values(first.accounts)[0];
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(account)).toBe(true);
    const created = await call(sandbox, 'POST', '/v1/sandbox/customers', {
      body: { customerNumber: '01017010170', name: 'Nora Berg', type: 'private' },
    });
    expect(created.status).toBe(201);
    const next = sandbox.getState();
    expect(next).not.toBe(first);
    expect(Object.isFrozen(Object.values(next.customers).at(-1))).toBe(true);
    expect(() => {
      (next.meta as { counter: number }).counter = 0;
    }).toThrow(TypeError);
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
