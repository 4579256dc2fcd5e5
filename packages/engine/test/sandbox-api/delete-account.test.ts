import { accountsOf, api, errorsOf, FJORDLYS, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('deletes an account with its transactions and the engagements that grant it', async () => {
  const sandbox = newSandbox();
  const account = accountsOf(sandbox, FJORDLYS)[0];
  const id = account?.id ?? '';
  const result = await api(sandbox, 'DELETE', `/v1/sandbox/accounts/${id}`);
  expect(result.status).toBe(204);
  const state = sandbox.getState();
  expect(state.accounts[id]).toBeUndefined();
  expect(state.transactions[id]).toBeUndefined();
  const granted = Object.values(state.agreements).flatMap((a) => a.engagements.map((e) => e.accountId));
  expect(granted).not.toContain(id);
  expect((await api(sandbox, 'GET', `/v1/sandbox/accounts/${id}`)).status).toBe(404);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown id', async () => {
  const result = await api(newSandbox(), 'DELETE', '/v1/sandbox/accounts/enc!!unknown==');
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockAccountId' }]);
});
