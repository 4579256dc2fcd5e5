import {
  api,
  cardAccountBody,
  errorsOf,
  FJORDLYS,
  KARI,
  newSandbox,
} from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

const path = '/v1/sandbox/card-accounts';

test('creates a card account with defaults and answers 201 in the get shape', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'POST', path, { body: cardAccountBody(KARI) });
  expect(result.status).toBe(201);
  const card = result.body.cardAccount;
  expect(card).toMatchObject({
    maskedPan: '4111xxxxxxxx1111',
    currency: 'NOK',
    creditLimit: { amount: 30000, currency: 'NOK' },
    balances: [
      { balanceAmount: { amount: 0, currency: 'NOK' }, balanceType: 'closingBooked' },
      { balanceAmount: { amount: 0, currency: 'NOK' }, balanceType: 'expected' },
    ],
    cardIdVNo: '1',
    expiry: '2029-03',
    name: 'Kari Nordmann',
    product: 'Visa Gold',
    status: 'enabled',
  });
  expect(card.accountNumber).toMatch(/^\d{11}$/);
  expect(card.cardId).toMatch(/^130393\d+$/);
  expect(card._links.self).toEqual({ href: `/v1/sandbox/card-accounts/${card.resourceId}`, verbs: ['GET'] });
  expect(JSON.stringify(sandbox.getState())).not.toContain('4111111111111111');
  // Every value the request did not give is reported with what was stored.
  const reported = result.body.tppMessages.map((m: { category: string; code: string; path: string }) => {
    expect(m).toMatchObject({ category: 'WARNING', code: 'FORMAT_ERROR' });
    return m.path;
  });
  expect(reported.sort()).toEqual(
    ['accountNumber', 'balances', 'cardId', 'cardIdVNo', 'expiry', 'pan', 'status'].sort(),
  );
  expect(result.body.tppMessages).toContainEqual(
    expect.objectContaining({ path: 'expiry', text: 'expiry not given: stored "2029-03"' }),
  );
});

test('takes every optional field when given', async () => {
  const result = await api(newSandbox(), 'POST', path, {
    body: cardAccountBody(FJORDLYS, {
      pan: undefined,
      maskedPan: '5412********4321',
      balances: [{ balanceType: 'interimBooked', balanceAmount: { amount: '-120.50', currency: 'NOK' } }],
      cardId: 'CARD-1',
      cardIdVNo: '2',
      accountNumber: '97100123456',
      expiry: '2027-11',
      status: 'blocked',
    }),
  });
  expect(result.status).toBe(201);
  expect(result.body.cardAccount).toMatchObject({
    maskedPan: '5412xxxxxxxx4321',
    balances: [{ balanceAmount: { amount: -120.5, currency: 'NOK' }, balanceType: 'interimBooked' }],
    cardId: 'CARD-1',
    cardIdVNo: '2',
    accountNumber: '97100123456',
    expiry: '2027-11',
    status: 'blocked',
  });
  expect(result.body.tppMessages).toEqual([
    {
      category: 'WARNING',
      code: 'FORMAT_ERROR',
      path: 'maskedPan',
      text: 'maskedPan: stored "5412xxxxxxxx4321" for "5412********4321"',
    },
  ]);
});

test('generates a maskedPan when neither pan nor maskedPan is given, refuses both, and a Luhn-invalid pan', async () => {
  const sandbox = newSandbox();
  const none = await api(sandbox, 'POST', path, { body: cardAccountBody(KARI, { pan: undefined }) });
  expect(none.status).toBe(201);
  expect(none.body.cardAccount.maskedPan).toMatch(/^5399x{8}\d{4}$/);
  expect(none.body.tppMessages).toContainEqual(
    expect.objectContaining({ category: 'WARNING', code: 'FORMAT_ERROR', path: 'maskedPan' }),
  );
  const both = await api(sandbox, 'POST', path, {
    body: cardAccountBody(KARI, { maskedPan: '4111xxxxxxxx1111' }),
  });
  expect(errorsOf(both)).toEqual([{ code: 'FORMAT_ERROR', path: 'maskedPan' }]);
  const luhn = await api(sandbox, 'POST', path, { body: cardAccountBody(KARI, { pan: '4111111111111112' }) });
  expect(errorsOf(luhn)).toEqual([{ code: 'FORMAT_ERROR', path: 'pan' }]);
});

test('rejects an unknown customer with 400 RESOURCE_UNKNOWN', async () => {
  const result = await api(newSandbox(), 'POST', path, { body: cardAccountBody('01010000110') });
  expect(result.status).toBe(400);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'customerNumber' }]);
});

test('validates names, codes and amounts', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'POST', path, {
    body: cardAccountBody(KARI, {
      name: 'n'.repeat(71),
      currency: 'KRONER',
      creditLimit: { amount: '1.234', currency: 'NOK' },
      status: 'active',
      expiry: '2027-13',
    }),
  });
  expect(errorsOf(result)).toEqual([
    { code: 'FORMAT_ERROR', path: 'name' },
    { code: 'FORMAT_ERROR', path: 'currency' },
    { code: 'FORMAT_ERROR', path: 'creditLimit.amount' },
    { code: 'FORMAT_ERROR', path: 'expiry' },
    { code: 'FORMAT_ERROR', path: 'status' },
  ]);
  const negative = await api(sandbox, 'POST', path, {
    body: cardAccountBody(KARI, { creditLimit: { amount: -1, currency: 'NOK' } }),
  });
  expect(errorsOf(negative)).toEqual([{ code: 'FORMAT_ERROR', path: 'creditLimit.amount' }]);
  const currency = await api(sandbox, 'POST', path, {
    body: cardAccountBody(KARI, { creditLimit: { amount: 1, currency: 'EUR' } }),
  });
  expect(errorsOf(currency)).toEqual([{ code: 'FORMAT_ERROR', path: 'creditLimit.currency' }]);
});
