import { accountById, accountList, cardAccountById, customerList } from '@sandbank/engine';
import {
  accountsOf,
  api,
  cardAccountsOf,
  errorsOf,
  FJORDLYS,
  KARI,
  newSandbox,
} from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

function customerId(sandbox: ReturnType<typeof newSandbox>, number: string): string {
  const customer = customerList(sandbox.getState()).find((c) => c.customerNumber === number);
  return customer?.customerId ?? '';
}

/** Fjordlys's agreement that engages Kari on its first account. */
async function engageKari(sandbox: ReturnType<typeof newSandbox>): Promise<void> {
  const iban = accountsOf(sandbox, FJORDLYS)[0]?.iban;
  await api(sandbox, 'POST', '/v1/sandbox/agreements', {
    body: {
      owner: FJORDLYS,
      name: 'Regnskap',
      engagements: [{ customer: KARI, account: { iban }, roles: ['VIEW', 'REGISTER'] }],
    },
  });
}

test('deletes a private customer with its accounts, card accounts and their transactions', async () => {
  const sandbox = newSandbox();
  const accounts = accountsOf(sandbox, KARI).map((a) => a.id);
  const cards = cardAccountsOf(sandbox, KARI).map((c) => c.id);
  const result = await api(sandbox, 'DELETE', `/v1/sandbox/customers/${customerId(sandbox, KARI)}`);
  expect(result.status).toBe(204);
  expect(result.body).toBeNull();
  const state = sandbox.getState();
  expect(customerList(state).map((c) => c.customerNumber)).not.toContain(KARI);
  for (const id of accounts) {
    expect(accountById(state, id)).toBeUndefined();
    expect(state.transactions[id]).toBeUndefined();
  }
  for (const id of cards) {
    expect(cardAccountById(state, id)).toBeUndefined();
    expect(state.cardTransactions[id]).toBeUndefined();
  }
  expect(accountList(state).map((a) => a.id)).toHaveLength(6);
});

test('deletes a corporate customer with the agreements it owns', async () => {
  const sandbox = newSandbox();
  await api(sandbox, 'DELETE', `/v1/sandbox/customers/${customerId(sandbox, FJORDLYS)}`);
  const owners = Object.values(sandbox.getState().agreements).map((a) => a.owner);
  expect(owners).not.toContain(FJORDLYS);
  expect(owners).toHaveLength(1);
});

test('removes the engagements that name the deleted customer as PSU', async () => {
  const sandbox = newSandbox();
  await engageKari(sandbox);
  await api(sandbox, 'DELETE', `/v1/sandbox/customers/${customerId(sandbox, KARI)}`);
  const engagements = Object.values(sandbox.getState().agreements).flatMap((a) => a.engagements);
  expect(engagements.map((e) => e.customer)).not.toContain(KARI);
});

test('writes only the agreements the customer owns or is engaged in', async () => {
  const sandbox = newSandbox();
  await engageKari(sandbox);
  const before = sandbox.getState().agreements;
  const naming = Object.keys(before).filter((key) => {
    const agreement = before[key];
    return agreement?.owner === KARI || agreement?.engagements.some((e) => e.customer === KARI);
  });
  const untouched = Object.keys(before).filter((key) => !naming.includes(key));
  expect(naming.length).toBeGreaterThan(0);
  expect(untouched.length).toBeGreaterThan(0);
  const written = new Set<string>();
  sandbox.subscribe((event) => {
    if (event.type !== 'commit') return;
    for (const patch of event.commit.patches)
      if (patch.path[0] === 'agreements') written.add(String(patch.path[1]));
  });
  expect((await api(sandbox, 'DELETE', `/v1/sandbox/customers/${customerId(sandbox, KARI)}`)).status).toBe(
    204,
  );
  const after = sandbox.getState().agreements;
  expect([...written].every((key) => naming.includes(key))).toBe(true);
  for (const key of untouched) expect(after[key]).toBe(before[key]);
  for (const key of naming) expect(after[key]?.engagements.map((e) => e.customer) ?? []).not.toContain(KARI);
});

test('answers 404 RESOURCE_UNKNOWN for an unknown customer id', async () => {
  const result = await api(newSandbox(), 'DELETE', '/v1/sandbox/customers/enc!!nope==');
  expect(result.status).toBe(404);
  expect(errorsOf(result)).toEqual([{ code: 'RESOURCE_UNKNOWN', path: 'customerId' }]);
});
