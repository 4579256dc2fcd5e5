import { api, cardAccountsOf, errorsOf, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';
import type { Sandbox } from '../../src/index.js';

function cardPath(sandbox: Sandbox): string {
  return `/v1/sandbox/card-accounts/${cardAccountsOf(sandbox, KARI)[0]?.id}/transactions`;
}

const coffee = {
  bookingStatus: 'booked',
  transactionDate: '2026-02-27',
  bookingDate: '2026-02-28',
  transactionAmount: { amount: 49.9, currency: 'NOK' },
  originalAmount: { amount: '4.35', currency: 'EUR' },
  merchantCategoryCode: '5814',
  merchantName: 'Espresso House',
};

test('creates card transactions and answers 201 with their ids', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'POST', cardPath(sandbox), {
    body: [
      coffee,
      { ...coffee, bookingStatus: 'pending', bookingDate: undefined, originalAmount: undefined },
    ],
    headers: { 'x-accept-fix': 'cardaccount-switch-originalamount-and-transactionamount' },
  });
  expect(result.status).toBe(201);
  expect(result.body).toHaveLength(2);
  expect(result.body[0]).toMatchObject({
    bookingStatus: 'booked',
    bookingDate: '2026-02-28',
    transactionDate: '2026-02-27',
    transactionAmount: { amount: 49.9, currency: 'NOK' },
    originalAmount: { amount: 4.35, currency: 'EUR' },
    merchantCategoryCode: '5814',
    merchantName: 'Espresso House',
  });
  expect(result.body[0].cardTransactionId).toMatch(/^enc!!/);
  // Berlin Group 1.3.6 types cardTransactionId as Max35Text.
  expect(result.body[0].cardTransactionId).toHaveLength(35);
  expect(result.body[1].cardTransactionId).not.toBe(result.body[0].cardTransactionId);
  // A pending transaction's bookingDate defaults to its transactionDate, its originalAmount to the transactionAmount.
  expect(result.body[1]).toMatchObject({
    bookingStatus: 'pending',
    bookingDate: '2026-02-27',
    originalAmount: { amount: 49.9, currency: 'NOK' },
  });
});

test('leaves the card balances alone', async () => {
  const sandbox = newSandbox();
  const before = cardAccountsOf(sandbox, KARI)[0]?.balances;
  await api(sandbox, 'POST', cardPath(sandbox), { body: [coffee] });
  expect(cardAccountsOf(sandbox, KARI)[0]?.balances).toEqual(before);
});

test('requires a bookingDate on a booked transaction and dates in order, not in the future', async () => {
  const sandbox = newSandbox();
  const path = cardPath(sandbox);
  const noBooking = await api(sandbox, 'POST', path, { body: [{ ...coffee, bookingDate: undefined }] });
  expect(errorsOf(noBooking)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].bookingDate' }]);
  const future = await api(sandbox, 'POST', path, {
    body: [{ ...coffee, transactionDate: '2026-03-03', bookingDate: '2026-03-03' }],
  });
  expect(errorsOf(future)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].transactionDate' }]);
  const before = await api(sandbox, 'POST', path, { body: [{ ...coffee, bookingDate: '2026-02-26' }] });
  expect(errorsOf(before)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].bookingDate' }]);
  const pendingAhead = await api(sandbox, 'POST', path, {
    body: [{ ...coffee, bookingStatus: 'pending', bookingDate: '2026-03-04' }],
  });
  expect(pendingAhead.status).toBe(201);
});

test('validates the fields and the card currency', async () => {
  const sandbox = newSandbox();
  const path = cardPath(sandbox);
  const result = await api(sandbox, 'POST', path, {
    body: [
      {
        bookingStatus: 'settled',
        transactionDate: '27.02.2026',
        transactionAmount: { amount: '49.999', currency: 'NOK' },
        merchantCategoryCode: '',
        merchantName: 'm'.repeat(71),
      },
    ],
  });
  expect(errorsOf(result)).toEqual([
    { code: 'FORMAT_ERROR', path: '[0].bookingStatus' },
    { code: 'FORMAT_ERROR', path: '[0].transactionDate' },
    { code: 'FORMAT_ERROR', path: '[0].transactionAmount.amount' },
    { code: 'FORMAT_ERROR', path: '[0].merchantCategoryCode' },
    { code: 'FORMAT_ERROR', path: '[0].merchantName' },
  ]);
  const currency = await api(sandbox, 'POST', path, {
    body: [{ ...coffee, transactionAmount: { amount: 5, currency: 'EUR' } }],
  });
  expect(errorsOf(currency)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].transactionAmount.currency' }]);
  const notArray = await api(sandbox, 'POST', path, { body: coffee });
  expect(errorsOf(notArray)).toEqual([{ code: 'FORMAT_ERROR' }]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown card account', async () => {
  const result = await api(newSandbox(), 'POST', '/v1/sandbox/card-accounts/enc!!x==/transactions', {
    body: [coffee],
  });
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockCardAccountId' }]);
});
