import {
  accountBody,
  api,
  cardAccountBody,
  FJORDLYS,
  KARI,
  NEW_PRIVATE,
  NOW,
  newSandbox,
} from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';
import { createSandbox } from '../../src/index.js';

async function script(): Promise<string[]> {
  const sandbox = newSandbox();
  const out: string[] = [];
  // The same requests: X-Request-IDs included, since the bank remembers those of its writes.
  let sent = 0;
  const record = async (method: string, path: string, body?: unknown) => {
    const headers = { 'X-Request-ID': `script-${++sent}` };
    const result = await api(sandbox, method, path, body === undefined ? { headers } : { body, headers });
    out.push(`${result.status} ${JSON.stringify(result.body)}`);
    return result;
  };
  await record('POST', '/v1/sandbox/customers', {
    customerNumber: NEW_PRIVATE,
    name: 'Per',
    type: 'private',
  });
  const account = await record('POST', '/v1/sandbox/accounts', accountBody(FJORDLYS));
  await record('POST', `/v1/sandbox/accounts/${account.body.id}/transactions`, [
    { amount: '-10.10', currency: 'NOK', bookingDate: '2026-02-01', valueDate: '2026-02-01' },
  ]);
  await record('POST', '/v1/sandbox/agreements', {
    owner: FJORDLYS,
    name: 'Regnskap',
    engagements: [{ customer: KARI, account: { iban: account.body.iban }, roles: ['VIEW', 'REGISTER'] }],
  });
  const card = await record('POST', '/v1/sandbox/card-accounts', cardAccountBody(KARI));
  await record('GET', `/v1/sandbox/card-accounts/${card.body.cardAccount.resourceId}`);
  await record('GET', '/v1/sandbox/customers');
  out.push(JSON.stringify(sandbox.getState()));
  return out;
}

test('the same seed and requests give byte-identical responses and state', async () => {
  expect(await script()).toEqual(await script());
});

test('the production profile has no mock-data API', async () => {
  const sandbox = createSandbox({ now: () => NOW, profile: 'production' });
  const result = await api(sandbox, 'GET', '/v1/sandbox/customers');
  expect(result.status).toBe(404);
  expect(result.body.tppMessages[0].code).toBe('NOT_FOUND');
});

test('seedTime makes the seeded bank of that time whatever the clock source says (a bank made again from its seed)', () => {
  const made = createSandbox({ seed: 'bank-a', now: () => NOW }).getState();
  const later = NOW + 3 * 86_400_000 + 12_345;
  const again = createSandbox({ seed: 'bank-a', now: () => later, seedTime: NOW }).getState();
  expect(again).toEqual(made);
  // Without it the seeded data is made at the source's time: another history.
  expect(createSandbox({ seed: 'bank-a', now: () => later }).getState()).not.toEqual(made);
});
