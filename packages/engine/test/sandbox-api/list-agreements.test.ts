import { accountsOf, api, FJORDLYS, NORDKAPP, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('lists the seeded corporate agreements with their engagements', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'GET', '/v1/sandbox/agreements');
  expect(result.status).toBe(200);
  expect(result.body.map((a: { owner: string }) => a.owner)).toEqual([FJORDLYS, NORDKAPP]);
  const first = result.body[0];
  expect(first.agreementId).toMatch(/^enc!!/);
  expect(first.engagements).toEqual(
    accountsOf(sandbox, FJORDLYS).map((a) => ({
      customer: FJORDLYS,
      account: { iban: a.iban, bban: a.bban, currency: a.currency },
      roles: ['VIEW', 'REGISTER'],
    })),
  );
});

test('no longer lists an account once it is deleted', async () => {
  const sandbox = newSandbox();
  const account = accountsOf(sandbox, FJORDLYS)[0];
  await api(sandbox, 'DELETE', `/v1/sandbox/accounts/${account?.id}`);
  const result = await api(sandbox, 'GET', '/v1/sandbox/agreements');
  expect(result.body[0].engagements).toHaveLength(1);
});
