import { accountBody, accountsOf, api, errorsOf, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('answers an array holding the part 2.7 account', async () => {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI) });
  const result = await api(sandbox, 'GET', `/v1/sandbox/accounts/${created.body.id}`);
  expect(result.status).toBe(200);
  expect(result.body).toEqual([created.body]);
});

test('answers for a seeded account with its current balances', async () => {
  const sandbox = newSandbox();
  const account = accountsOf(sandbox, KARI)[0];
  const result = await api(sandbox, 'GET', `/v1/sandbox/accounts/${account?.id}`);
  expect(result.body[0].bban).toBe(account?.bban);
  expect(result.body[0].balances).toEqual([
    { balanceAmount: { amount: Number(account?.booked), currency: 'NOK' }, balanceType: 'closingBooked' },
    { balanceAmount: { amount: Number(account?.expected), currency: 'NOK' }, balanceType: 'expected' },
  ]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown id', async () => {
  const result = await api(newSandbox(), 'GET', '/v1/sandbox/accounts/enc!!unknown==');
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockAccountId' }]);
});
