import {
  accountBody,
  accountsOf,
  api,
  errorsOf,
  FJORDLYS,
  KARI,
  NORDKAPP,
  newSandbox,
  OLA,
} from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

const path = '/v1/sandbox/agreements';
const roles = ['VIEW', 'REGISTER'];

test('grants a PSU a corporate account and answers 201 with the agreement', async () => {
  const sandbox = newSandbox();
  const created = await api(sandbox, 'POST', '/v1/sandbox/accounts', { body: accountBody(FJORDLYS) });
  const result = await api(sandbox, 'POST', path, {
    body: {
      owner: FJORDLYS,
      name: 'Regnskapsfører',
      engagements: [{ customer: KARI, account: { iban: created.body.iban }, roles }],
    },
  });
  expect(result.status).toBe(201);
  expect(result.body).toEqual({
    agreementId: expect.stringMatching(/^enc!!/),
    owner: FJORDLYS,
    name: 'Regnskapsfører',
    engagements: [
      {
        customer: KARI,
        account: { iban: created.body.iban, bban: created.body.bban, currency: 'NOK' },
        roles,
      },
    ],
  });
  const stored = sandbox.getState().agreements[result.body.agreementId];
  expect(stored?.engagements).toEqual([{ customer: KARI, accountId: created.body.id, roles }]);
});

test('adds engagements to the agreement with the same owner and name instead of creating another', async () => {
  const sandbox = newSandbox();
  const [first, second] = accountsOf(sandbox, FJORDLYS);
  const body = (iban: string | undefined, r: string[]) => ({
    owner: FJORDLYS,
    name: 'Lønn',
    engagements: [{ customer: OLA, account: { iban }, roles: r }],
  });
  const a = await api(sandbox, 'POST', path, { body: body(first?.iban, roles) });
  const b = await api(sandbox, 'POST', path, { body: body(second?.iban, roles) });
  const c = await api(sandbox, 'POST', path, { body: body(first?.iban, ['VIEW', 'REGISTER', 'SIGN']) });
  expect(b.body.agreementId).toBe(a.body.agreementId);
  expect(
    c.body.engagements.map((e: { account: { iban: string }; roles: string[] }) => [e.account.iban, e.roles]),
  ).toEqual([
    [second?.iban, roles],
    [first?.iban, ['VIEW', 'REGISTER', 'SIGN']],
  ]);
  expect(Object.keys(sandbox.getState().agreements)).toHaveLength(3);
});

test('rejects an engagement without both VIEW and REGISTER, naming it', async () => {
  const sandbox = newSandbox();
  const [first, second] = accountsOf(sandbox, FJORDLYS);
  const result = await api(sandbox, 'POST', path, {
    body: {
      owner: FJORDLYS,
      name: 'Innsyn',
      engagements: [
        { customer: KARI, account: { iban: first?.iban }, roles },
        { customer: KARI, account: { iban: second?.iban }, roles: ['VIEW'] },
      ],
    },
  });
  expect(result.status).toBe(400);
  expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: 'engagements[1].roles' }]);
  expect(result.body.tppMessages[0].text).toContain('missing REGISTER');
});

test('rejects a private owner, an unknown owner, an unknown account and an account of someone else', async () => {
  const sandbox = newSandbox();
  const fjordlys = accountsOf(sandbox, FJORDLYS)[0]?.iban;
  const nordkapp = accountsOf(sandbox, NORDKAPP)[0]?.iban;
  const engagement = (iban: string | undefined) => [{ customer: KARI, account: { iban }, roles }];
  const privateOwner = await api(sandbox, 'POST', path, {
    body: { owner: KARI, name: 'x', engagements: engagement(fjordlys) },
  });
  expect(errorsOf(privateOwner)).toEqual([{ code: 'FORMAT_ERROR', path: 'owner' }]);
  const unknownOwner = await api(sandbox, 'POST', path, {
    body: { owner: '01010000110', name: 'x', engagements: engagement(fjordlys) },
  });
  expect(unknownOwner.status).toBe(400);
  expect(errorsOf(unknownOwner)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'owner' }]);
  const unknownAccount = await api(sandbox, 'POST', path, {
    body: { owner: FJORDLYS, name: 'x', engagements: engagement('NO9386011117947') },
  });
  expect(unknownAccount.status).toBe(400);
  expect(errorsOf(unknownAccount)).toEqual([
    { code: 'RESOURCE_UNKNOWN', path: 'engagements[0].account.iban' },
  ]);
  const foreign = await api(sandbox, 'POST', path, {
    body: { owner: FJORDLYS, name: 'x', engagements: engagement(nordkapp) },
  });
  expect(errorsOf(foreign)).toEqual([{ code: 'FORMAT_ERROR', path: 'engagements[0].account.iban' }]);
});

test('validates the body shape and the PSU national id', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'POST', path, {
    body: { owner: FJORDLYS, engagements: [{ customer: '12345678901', account: {}, roles: 'VIEW' }] },
  });
  expect(errorsOf(result)).toEqual([
    { code: 'FORMAT_ERROR', path: 'name' },
    { code: 'FORMAT_ERROR', path: 'engagements[0].customer' },
    { code: 'FORMAT_ERROR', path: 'engagements[0].account.iban' },
    { code: 'FORMAT_ERROR', path: 'engagements[0].roles' },
  ]);
  const none = await api(sandbox, 'POST', path, { body: { owner: FJORDLYS, name: 'x', engagements: [] } });
  expect(errorsOf(none)).toEqual([{ code: 'FORMAT_ERROR', path: 'engagements' }]);
});
