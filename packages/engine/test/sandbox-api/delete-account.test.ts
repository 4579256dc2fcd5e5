import { accountById } from '@sandbank/engine';
import { accountsOf, api, errorsOf, FJORDLYS, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('deletes an account with its transactions and the engagements that grant it', async () => {
  const sandbox = newSandbox();
  const account = accountsOf(sandbox, FJORDLYS)[0];
  const id = account?.id ?? '';
  const result = await api(sandbox, 'DELETE', `/v1/sandbox/accounts/${id}`);
  expect(result.status).toBe(204);
  const state = sandbox.getState();
  expect(accountById(state, id)).toBeUndefined();
  expect(state.transactions[id]).toBeUndefined();
  const granted = Object.values(state.agreements).flatMap((a) => a.engagements.map((e) => e.accountId));
  expect(granted).not.toContain(id);
  expect((await api(sandbox, 'GET', `/v1/sandbox/accounts/${id}`)).status).toBe(404);
});

test('writes only the agreements that granted the account', async () => {
  const sandbox = newSandbox();
  const [granted, other] = accountsOf(sandbox, FJORDLYS);
  if (granted === undefined || other === undefined) throw new Error('the seed gives Fjordlys two accounts');
  await api(sandbox, 'POST', '/v1/sandbox/agreements', {
    body: {
      owner: FJORDLYS,
      name: 'Regnskap',
      engagements: [{ customer: KARI, account: { iban: other.iban }, roles: ['VIEW', 'REGISTER'] }],
    },
  });
  const before = sandbox.getState().agreements;
  const granting = Object.keys(before).filter((key) =>
    before[key]?.engagements.some((e) => e.accountId === granted.id),
  );
  const untouched = Object.keys(before).filter((key) => !granting.includes(key));
  expect(granting.length).toBeGreaterThan(0);
  expect(untouched.length).toBeGreaterThan(0);
  const written: string[] = [];
  sandbox.subscribe((event) => {
    if (event.type === 'commit')
      for (const patch of event.commit.patches)
        if (patch.path[0] === 'agreements') written.push(String(patch.path[1]));
  });
  expect((await api(sandbox, 'DELETE', `/v1/sandbox/accounts/${granted.id}`)).status).toBe(204);
  const after = sandbox.getState().agreements;
  expect(new Set(written)).toEqual(new Set(granting));
  for (const key of untouched) expect(after[key]).toBe(before[key]);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown id', async () => {
  const result = await api(newSandbox(), 'DELETE', '/v1/sandbox/accounts/enc!!unknown==');
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'mockAccountId' }]);
});
