import {
  api,
  cardAccountBody,
  cardAccountsOf,
  errorsOf,
  KARI,
  newSandbox,
} from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('answers {cardAccount} with every part 2.8 field for a seeded card', async () => {
  const sandbox = newSandbox();
  const card = cardAccountsOf(sandbox, KARI)[0];
  const result = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${card?.id}`);
  expect(result.status).toBe(200);
  expect(Object.keys(result.body)).toEqual(['cardAccount']);
  expect(Object.keys(result.body.cardAccount).sort()).toEqual(
    [
      'resourceId',
      'maskedPan',
      'currency',
      'creditLimit',
      'balances',
      'cardId',
      'cardIdVNo',
      'accountNumber',
      'expiry',
      'name',
      'product',
      'status',
      '_links',
    ].sort(),
  );
  expect(result.body.cardAccount._links).toEqual({
    self: { href: `/v1/sandbox/card-accounts/${card?.id}`, verbs: ['GET'] },
    transactions: { href: `/v1/sandbox/card-accounts/${card?.id}/transactions`, verbs: ['GET', 'POST'] },
  });
  expect(result.body.cardAccount.creditLimit).toEqual({ amount: 50000, currency: 'NOK' });
});

test('answers names up to 70 characters: longer-names has been the default since 05-Sep-2024 (part 9)', async () => {
  const sandbox = newSandbox();
  const name = 'Kari Nordmann Firmakort Reise og Representasjon';
  const created = await api(sandbox, 'POST', '/v1/sandbox/card-accounts', {
    body: cardAccountBody(KARI, { name }),
  });
  const id = created.body.cardAccount.resourceId;
  const plain = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${id}`);
  expect(plain.body.cardAccount.name).toBe(name);
});

test('cuts the name at 35 characters unless the client sends longer-names, under the legacy x-accept-fix defaults (part 9)', async () => {
  const sandbox = newSandbox('test', { acceptFixDefaults: 'legacy' });
  const name = 'Kari Nordmann Firmakort Reise og Representasjon';
  const created = await api(sandbox, 'POST', '/v1/sandbox/card-accounts', {
    body: cardAccountBody(KARI, { name }),
  });
  const id = created.body.cardAccount.resourceId;
  const short = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${id}`);
  expect(short.body.cardAccount.name).toBe(name.slice(0, 35));
  const long = await api(sandbox, 'GET', `/v1/sandbox/card-accounts/${id}`, {
    headers: { 'x-accept-fix': 'longer-names' },
  });
  expect(long.body.cardAccount.name).toBe(name);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown id', async () => {
  const result = await api(newSandbox(), 'GET', '/v1/sandbox/card-accounts/enc!!x==');
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockCardAccountId' }]);
});
