import { accountBody, accountsOf, api, errorsOf, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';
import type { Sandbox } from '../../src/index.js';

async function withTransactions(): Promise<{ sandbox: Sandbox; path: string }> {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI) });
  const path = `/v1/sandbox/accounts/${created.body.id}/transactions`;
  const day = (d: string, amount: number) => ({ amount, currency: 'NOK', bookingDate: d, valueDate: d });
  await api(sandbox, 'POST', path, {
    body: [day('2026-01-10', 1), day('2026-02-10', 2), day('2026-02-20', -3), day('2026-03-01', 4)],
  });
  return { sandbox, path };
}

const amounts = (body: { transactions: { transactionAmount: { amount: number } }[] }) =>
  body.transactions.map((t) => t.transactionAmount.amount);

test('lists the account transactions newest first with the account and paging fields', async () => {
  const { sandbox, path } = await withTransactions();
  const result = await api(sandbox, 'GET', path);
  expect(result.status).toBe(200);
  expect(amounts(result.body)).toEqual([4, -3, 2, 1]);
  expect(result.body.account).toMatchObject({ bban: '97100123456', currency: 'NOK' });
  expect(result.body).toMatchObject({ total: 4, offset: 0, limit: 200 });
  expect(result.body.transactions[0]).toMatchObject({ bookingStatus: 'booked', valueDate: '2026-03-01' });
});

test('filters on bookingDate with fromDate and toDate, inclusive', async () => {
  const { sandbox, path } = await withTransactions();
  const result = await api(sandbox, 'GET', `${path}?fromDate=2026-02-10&toDate=2026-02-20`);
  expect(amounts(result.body)).toEqual([-3, 2]);
  expect(result.body.total).toBe(2);
});

test('pages with offset and limit', async () => {
  const { sandbox, path } = await withTransactions();
  const result = await api(sandbox, 'GET', `${path}?offset=1&limit=2`);
  expect(amounts(result.body)).toEqual([-3, 2]);
  expect(result.body).toMatchObject({ total: 4, offset: 1, limit: 2 });
});

test('answers amounts as JSON numbers, as the mock-data API types them, even under amount-as-string', async () => {
  const { sandbox, path } = await withTransactions();
  const result = await api(sandbox, 'GET', `${path}?limit=1`, {
    headers: { 'x-accept-fix': 'amount-as-string' },
  });
  expect(result.body.transactions[0].transactionAmount).toEqual({ amount: 4, currency: 'NOK' });
});

test('shows the seeded booked and pending transactions', async () => {
  const sandbox = newSandbox();
  const account = accountsOf(sandbox, KARI)[0];
  const result = await api(sandbox, 'GET', `/v1/sandbox/accounts/${account?.id}/transactions`);
  const statuses = new Set(result.body.transactions.map((t: { bookingStatus: string }) => t.bookingStatus));
  expect(statuses).toEqual(new Set(['booked', 'pending']));
});

test('rejects bad query parameters and an inverted period', async () => {
  const { sandbox, path } = await withTransactions();
  const bad = await api(sandbox, 'GET', `${path}?fromDate=2026-13-01&offset=-1&limit=0`);
  expect(errorsOf(bad)).toEqual([
    { code: 'FORMAT_ERROR', path: 'fromDate' },
    { code: 'FORMAT_ERROR', path: 'offset' },
    { code: 'FORMAT_ERROR', path: 'limit' },
  ]);
  const tooBig = await api(sandbox, 'GET', `${path}?limit=2147483648`);
  expect(errorsOf(tooBig)).toEqual([{ code: 'FORMAT_ERROR', path: 'limit' }]);
  const inverted = await api(sandbox, 'GET', `${path}?fromDate=2026-02-10&toDate=2026-02-01`);
  expect(errorsOf(inverted)).toEqual([{ code: 'FORMAT_ERROR', path: 'fromDate' }]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown account', async () => {
  const result = await api(newSandbox(), 'GET', '/v1/sandbox/accounts/enc!!x==/transactions');
  expect(result.status).toBe(404);
});
