import { accountBody, api, cardAccountBody, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

// docs/conformance.md M1: parts 2.7–2.9 type the answers' amounts as int32; the sandbox keeps the
// decimals (an int32 would lose the øre) and keeps them JSON numbers, whatever amount-as-string says.

test('answers account balances as numbers with their decimals, where part 2.7 types int32 (M1)', async () => {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
    body: accountBody(KARI),
    headers: { 'x-accept-fix': 'amount-as-string' },
  });
  expect(created.body.balances.map((b: { balanceAmount: unknown }) => b.balanceAmount)).toEqual([
    { amount: 1000.5, currency: 'NOK' },
    { amount: 900.5, currency: 'NOK' },
  ]);
  const read = await api(sandbox, 'GET', `/v1/sandbox/accounts/${created.body.id}`);
  expect(read.body[0].balances[0].balanceAmount.amount).toBe(1000.5);
  expect(Number.isInteger(read.body[0].balances[0].balanceAmount.amount)).toBe(false);
});

test('answers card credit limits, balances and card transactions as numbers with their decimals, where parts 2.8 and 2.9 type int32 (M1)', async () => {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/card-accounts', {
    body: cardAccountBody(KARI, {
      creditLimit: { amount: '30000.75', currency: 'NOK' },
      balances: [{ balanceType: 'closingBooked', balanceAmount: { amount: -120.5, currency: 'NOK' } }],
    }),
  });
  expect(created.status).toBe(201);
  const id = created.body.cardAccount.resourceId;
  const card = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${id}`, {
    headers: { 'x-accept-fix': 'amount-as-string' },
  });
  expect(card.body.cardAccount.creditLimit).toEqual({ amount: 30000.75, currency: 'NOK' });
  expect(card.body.cardAccount.balances[0].balanceAmount).toEqual({ amount: -120.5, currency: 'NOK' });
  const path = `/v1/sandbox/card-accounts/${id}/transactions`;
  await api(sandbox, 'POST', path, {
    body: [
      {
        bookingStatus: 'booked',
        transactionDate: '2026-02-20',
        bookingDate: '2026-02-20',
        transactionAmount: { amount: -249.9, currency: 'NOK' },
        originalAmount: { amount: '-21.35', currency: 'EUR' },
        merchantCategoryCode: '5812',
      },
    ],
  });
  const listed = await api(sandbox, 'GET', `${path}?bookingStatus=booked`, {
    headers: { 'x-accept-fix': 'amount-as-string' },
  });
  expect(listed.body.cardTransactions.booked[0]).toMatchObject({
    transactionAmount: { amount: -249.9, currency: 'NOK' },
    originalAmount: { amount: -21.35, currency: 'EUR' },
  });
});

test('refuses a JSON-number amount too small for the currency instead of storing it as zero', async () => {
  const sandbox = newSandbox();
  for (const amount of [0.0000001, 0.001]) {
    const reply = await api(sandbox, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(KARI, undefined, {
        balances: [{ balanceType: 'closingBooked', balanceAmount: { amount, currency: 'NOK' } }],
      }),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'balances[0].balanceAmount.amount',
    });
  }
});
