import { cardAccountById } from '@sandbank/engine';
import { api, cardAccountsOf, errorsOf, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

function balancesPath(sandbox: ReturnType<typeof newSandbox>): { path: string; id: string } {
  const id = cardAccountsOf(sandbox, KARI)[0]?.id ?? '';
  return { id, path: `/v1/sandbox/card-accounts/${id}/balances` };
}

test('sets the given balances, answers 204 and shows them on the card account', async () => {
  const sandbox = newSandbox();
  const { id, path } = balancesPath(sandbox);
  const result = await api(sandbox, 'PUT', path, {
    body: [
      { balanceType: 'expected', balanceAmount: { amount: -1234.5, currency: 'NOK' } },
      { balanceType: 'closingBooked', balanceAmount: { amount: '-1000', currency: 'NOK' } },
    ],
  });
  expect(result.status).toBe(204);
  expect(result.body).toBeNull();
  const card = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${id}`);
  expect(card.body.cardAccount.balances).toEqual([
    { balanceAmount: { amount: -1000, currency: 'NOK' }, balanceType: 'closingBooked' },
    { balanceAmount: { amount: -1234.5, currency: 'NOK' }, balanceType: 'expected' },
  ]);
});

test('keeps balance types that are not in the body and adds interimBooked', async () => {
  const sandbox = newSandbox();
  const { id, path } = balancesPath(sandbox);
  const before = cardAccountById(sandbox.getState(), id)?.balances ?? [];
  await api(sandbox, 'PUT', path, {
    body: [{ balanceType: 'interimBooked', balanceAmount: { amount: 5, currency: 'NOK' } }],
  });
  expect(cardAccountById(sandbox.getState(), id)?.balances).toEqual([
    ...before,
    { balanceType: 'interimBooked', amount: '5.00' },
  ]);
});

test('rejects a wrong currency, a repeated type, an unknown type and an empty array', async () => {
  const sandbox = newSandbox();
  const { path } = balancesPath(sandbox);
  const currency = await api(sandbox, 'PUT', path, {
    body: [{ balanceType: 'expected', balanceAmount: { amount: 5, currency: 'EUR' } }],
  });
  expect(errorsOf(currency)).toEqual([{ code: 'FORMAT_ERROR', path: '[0].balanceAmount.currency' }]);
  const twice = await api(sandbox, 'PUT', path, {
    body: [
      { balanceType: 'expected', balanceAmount: { amount: 5, currency: 'NOK' } },
      { balanceType: 'expected', balanceAmount: { amount: 6, currency: 'NOK' } },
    ],
  });
  expect(errorsOf(twice)).toEqual([{ code: 'FORMAT_ERROR', path: '[1].balanceType' }]);
  const unknown = await api(sandbox, 'PUT', path, {
    body: [{ balanceType: 'available', balanceAmount: { amount: true, currency: 'NOK' } }],
  });
  expect(errorsOf(unknown)).toEqual([
    { code: 'FORMAT_ERROR', path: '[0].balanceType' },
    { code: 'FORMAT_ERROR', path: '[0].balanceAmount.amount' },
  ]);
  const empty = await api(sandbox, 'PUT', path, { body: [] });
  expect(errorsOf(empty)).toEqual([{ code: 'FORMAT_ERROR' }]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown card account', async () => {
  const result = await api(newSandbox(), 'PUT', '/v1/sandbox/card-accounts/enc!!x==/balances', {
    body: [{ balanceType: 'expected', balanceAmount: { amount: 5, currency: 'NOK' } }],
  });
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockCardAccountId' }]);
});
