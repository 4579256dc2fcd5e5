import { api, cardAccountsOf, errorsOf, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';
import type { Sandbox } from '../../src/index.js';

function tx(status: 'booked' | 'pending', date: string, amount: number) {
  return {
    bookingStatus: status,
    transactionDate: date,
    bookingDate: date,
    transactionAmount: { amount, currency: 'NOK' },
    originalAmount: { amount: amount / 10, currency: 'EUR' },
    merchantCategoryCode: '5411',
  };
}

async function withCardTransactions(
  options: Parameters<typeof newSandbox>[1] = {},
): Promise<{ sandbox: Sandbox; path: string; maskedPan: string }> {
  const sandbox = newSandbox('test', options);
  const card = cardAccountsOf(sandbox, KARI)[0];
  const path = `/v1/sandbox/card-accounts/${card?.id}/transactions`;
  await api(sandbox, 'POST', path, {
    body: [
      tx('booked', '2026-01-15', 100),
      tx('booked', '2026-02-15', 200),
      tx('pending', '2026-03-01', 300),
    ],
  });
  return { sandbox, path, maskedPan: card?.maskedPan ?? '' };
}

type Item = { transactionAmount: { amount: number } };
const amounts = (items: Item[]) => items.map((i) => i.transactionAmount.amount);

test('shows nothing for a seeded card: only transactions created through the POST appear', async () => {
  const sandbox = newSandbox();
  const card = cardAccountsOf(sandbox, KARI)[0];
  const result = await api(
    sandbox,
    'GET',
    `/v1/sandbox/card-accounts/${card?.id}/transactions?bookingStatus=both`,
  );
  expect(result.status).toBe(200);
  expect(result.body).toEqual({
    cardAccount: { maskedPan: card?.maskedPan },
    cardTransactions: { booked: [], pending: [] },
  });
});

test('answers the part 2.9 shape with the amounts mapped correctly (the default since 05-Sep-2024, part 9)', async () => {
  const { sandbox, path, maskedPan } = await withCardTransactions();
  const answer = await api(sandbox, 'GET', `${path}?bookingStatus=booked`);
  expect(answer.body.cardAccount).toEqual({ maskedPan });
  const first = answer.body.cardTransactions.booked[0];
  expect(Object.keys(first)).toEqual([
    'cardTransactionId',
    'bookingDate',
    'transactionDate',
    'transactionAmount',
    'originalAmount',
    'merchantCategoryCode',
  ]);
  // part 2.9 types the amounts as int32; they stay JSON numbers (decimals kept) even under amount-as-string.
  expect(first.transactionAmount).toEqual({ amount: 200, currency: 'NOK' });
  expect(first.originalAmount).toEqual({ amount: 20, currency: 'EUR' });
});

test('swaps the amounts unless the client opts into the fix, under the legacy x-accept-fix defaults (part 9)', async () => {
  const { sandbox, path } = await withCardTransactions({ acceptFixDefaults: 'legacy' });
  const legacy = await api(sandbox, 'GET', `${path}?bookingStatus=booked`);
  expect(legacy.body.cardTransactions.booked[0].transactionAmount).toEqual({ amount: 20, currency: 'EUR' });
  expect(legacy.body.cardTransactions.booked[0].originalAmount).toEqual({ amount: 200, currency: 'NOK' });
  const fixed = await api(sandbox, 'GET', `${path}?bookingStatus=booked`, {
    headers: { 'x-accept-fix': 'cardaccount-switch-originalamount-and-transactionamount' },
  });
  expect(fixed.body.cardTransactions.booked[0].transactionAmount).toEqual({ amount: 200, currency: 'NOK' });
});

test('lists pending transactions as their ids (part 2.9: pending is string[]), or as objects with pendingAs=objects', async () => {
  const { sandbox, path } = await withCardTransactions();
  const answer = await api(sandbox, 'GET', `${path}?bookingStatus=pending`);
  const card = Object.keys(sandbox.getState().cardTransactions).find((id) => path.includes(id)) ?? '';
  const pendingIds = (sandbox.getState().cardTransactions[card] ?? [])
    .filter((t) => t.status === 'pending')
    .map((t) => t.cardTransactionId);
  expect(pendingIds).toHaveLength(1);
  expect(answer.body.cardTransactions.pending).toEqual(pendingIds);
  const objects = await api(sandbox, 'GET', `${path}?bookingStatus=pending&pendingAs=objects`);
  expect(objects.body.cardTransactions.pending).toEqual([
    expect.objectContaining({
      cardTransactionId: pendingIds[0],
      transactionAmount: { amount: 300, currency: 'NOK' },
    }),
  ]);
  const bad = await api(sandbox, 'GET', `${path}?bookingStatus=pending&pendingAs=rows`);
  expect(errorsOf(bad)).toEqual([{ code: 'FORMAT_ERROR', path: 'pendingAs' }]);
});

test('filters by bookingStatus', async () => {
  const { sandbox, path } = await withCardTransactions();
  const fix = { 'x-accept-fix': 'cardaccount-switch-originalamount-and-transactionamount' };
  const objects = '&pendingAs=objects';
  const booked = await api(sandbox, 'GET', `${path}?bookingStatus=booked`, { headers: fix });
  expect(amounts(booked.body.cardTransactions.booked)).toEqual([200, 100]);
  expect(booked.body.cardTransactions.pending).toEqual([]);
  const pending = await api(sandbox, 'GET', `${path}?bookingStatus=pending${objects}`, { headers: fix });
  expect(pending.body.cardTransactions.booked).toEqual([]);
  expect(amounts(pending.body.cardTransactions.pending)).toEqual([300]);
  const both = await api(sandbox, 'GET', `${path}?bookingStatus=both${objects}`, { headers: fix });
  expect(amounts(both.body.cardTransactions.booked)).toEqual([200, 100]);
  expect(amounts(both.body.cardTransactions.pending)).toEqual([300]);
});

test('applies fromDate, toDate, offset and limit to booked and pending alike', async () => {
  const { sandbox, path } = await withCardTransactions();
  const fix = { 'x-accept-fix': 'cardaccount-switch-originalamount-and-transactionamount' };
  const window = await api(
    sandbox,
    'GET',
    `${path}?bookingStatus=both&fromDate=2026-02-01&toDate=2026-02-28`,
    { headers: fix },
  );
  expect(amounts(window.body.cardTransactions.booked)).toEqual([200]);
  expect(window.body.cardTransactions.pending).toEqual([]);
  const page = await api(sandbox, 'GET', `${path}?bookingStatus=both&offset=1&limit=1`, { headers: fix });
  expect(amounts(page.body.cardTransactions.booked)).toEqual([200]);
  expect(page.body.cardTransactions.pending).toEqual([]);
});

test('requires bookingStatus: 400 QUERY_PARAMETER_REQUIRED', async () => {
  const { sandbox, path } = await withCardTransactions();
  const result = await api(sandbox, 'GET', path);
  expect(result.status).toBe(400);
  expect(errorsOf(result)).toEqual([{ code: 'QUERY_PARAMETER_REQUIRED', path: 'bookingStatus' }]);
});

test('rejects a bad bookingStatus, offset, limit and date', async () => {
  const { sandbox, path } = await withCardTransactions();
  const result = await api(sandbox, 'GET', `${path}?bookingStatus=all&offset=x&limit=0&toDate=2026-02-30`);
  expect(errorsOf(result)).toEqual([
    { code: 'FORMAT_ERROR', path: 'toDate' },
    { code: 'FORMAT_ERROR', path: 'offset' },
    { code: 'FORMAT_ERROR', path: 'limit' },
    { code: 'FORMAT_ERROR', path: 'bookingStatus' },
  ]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown card account', async () => {
  const result = await api(
    newSandbox(),
    'GET',
    '/v1/sandbox/card-accounts/enc!!x==/transactions?bookingStatus=both',
  );
  expect(result.status).toBe(404);
});
