import { accountBody, api, KARI, NEW_PRIVATE, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

/**
 * The state without the memory of X-Request-IDs (initialize remembers its own, as every write) and
 * the pages' token counter (which goes on across a reset).
 */
function customerData(sandbox: ReturnType<typeof newSandbox>): string {
  const { seenRequests: _seen, pages: _pages, ...rest } = sandbox.getState();
  return JSON.stringify(rest);
}

test('initialize deletes customers and accounts created by hand and restores the seed byte for byte', async () => {
  const sandbox = newSandbox();
  const seeded = customerData(sandbox);
  await api(sandbox, 'POST', '/v1/sandbox/customers', {
    body: { customerNumber: NEW_PRIVATE, name: 'Per Hansen', type: 'private' },
  });
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI) });
  expect(created.status).toBe(201);
  expect(customerData(sandbox)).not.toBe(seeded);

  const result = await api(sandbox, 'POST', '/v1/sandbox/initialize', {
    headers: { 'X-Request-ID': 'initialize-1' },
  });
  expect(result.status).toBe(204);
  expect(customerData(sandbox)).toBe(seeded);
  expect(Object.values(sandbox.getState().seenRequests).map((m) => Object.keys(m.ids))).toEqual([
    ['initialize-1'],
  ]);
  expect((await api(sandbox, 'GET', `/v1/sandbox/accounts/${created.body.id}`)).status).toBe(404);
  const customers = await api(sandbox, 'GET', '/v1/sandbox/customers');
  expect(customers.body).toHaveLength(4);
});

test('initialize keeps the bank clock', async () => {
  const sandbox = newSandbox();
  await sandbox.fetch(
    new Request('http://localhost/_sandbank/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 60 }),
    }),
  );
  const before = sandbox.now();
  await api(sandbox, 'POST', '/v1/sandbox/initialize');
  expect(sandbox.now()).toBe(before);
});

test('a bank changed and reset leaves every other bank of the same seed and clock as seeded', async () => {
  const untouched = JSON.stringify(newSandbox().getState());
  const used = newSandbox();
  await api(used, 'POST', '/v1/sandbox/customers', {
    body: { customerNumber: NEW_PRIVATE, name: 'Per Hansen', type: 'private' },
  });
  await api(used, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI) });
  await api(used, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 60 } });
  expect((await api(used, 'POST', '/v1/sandbox/initialize')).status).toBe(204);
  await api(used, 'POST', '/_sandbank/reset');
  expect(used.now()).toBe(newSandbox().now() + 3_600_000);

  const next = newSandbox();
  expect(JSON.stringify(next.getState())).toBe(untouched);
  expect(next.now()).toBe(newSandbox().now());
});
