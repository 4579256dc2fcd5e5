// The lookups by customer number over a state's records (core/state-index.ts), kept per frozen
// record: what they answer must be what a search of the record would, in its order, for the state
// asked about, however many states were asked about before.
import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { accountBody } from '@sandbank/test-support/sandbox-api';
import { describe, expect, it } from 'vitest';
import { freezeDeep } from '../../src/core/freeze.js';
import type { Account, State } from '../../src/core/state.js';
import { accountsOf, customersNumbered, inRecordOrder } from '../../src/core/state-index.js';

const seeded = Object.values(sandbox().getState().accounts)[0] as Account;

function account(id: string, customerNumber: string): Account {
  return { ...seeded, id, customerNumber };
}

function frozen<T>(value: T): T {
  freezeDeep(value);
  return value;
}

function stateWith(accounts: Account[]): State {
  const state = structuredClone(sandbox().getState());
  state.accounts = Object.fromEntries(accounts.map((a) => [a.id, a]));
  return state;
}

describe('lookups by customer number', () => {
  it('answer what a search of the record answers, in its order, for each state asked about', () => {
    // Ids that V8 orders before the others (integer-like) and a record large enough to be a dictionary.
    const many = Array.from({ length: 3000 }, (_, i) =>
      account(`acc-${i}`, i % 3 === 0 ? 'A' : `other-${i}`),
    );
    const before = frozen(stateWith([...many, account('42', 'A'), account('7', 'B')]));
    const search = (state: State, owner: string) =>
      Object.values(state.accounts).filter((a) => a.customerNumber === owner);
    expect(accountsOf(before, 'A')).toEqual(search(before, 'A'));
    expect(accountsOf(before, 'A')[0]?.id).toBe('42');
    expect(accountsOf(before, 'B').map((a) => a.id)).toEqual(['7']);
    expect(accountsOf(before, 'nobody')).toEqual([]);

    // A change makes a new record: its own answer, and the earlier state's stays as it was.
    const after = frozen({
      ...before,
      accounts: { ...before.accounts, 'acc-new': account('acc-new', 'B') },
    });
    expect(accountsOf(after, 'B').map((a) => a.id)).toEqual(['7', 'acc-new']);
    expect(accountsOf(before, 'B').map((a) => a.id)).toEqual(['7']);
  });

  it('read a record that is not frozen afresh each time', () => {
    const state = stateWith([account('a1', 'A')]);
    expect(accountsOf(state, 'A').map((a) => a.id)).toEqual(['a1']);
    state.accounts.a2 = account('a2', 'A');
    expect(accountsOf(state, 'A').map((a) => a.id)).toEqual(['a1', 'a2']);
  });

  it('give entries in the record order whatever order the ids come in, leaving out unknown ones', () => {
    const state = frozen(stateWith([account('b', 'A'), account('a', 'A'), account('10', 'A')]));
    expect(inRecordOrder(state.accounts, ['a', 'nope', 'b', '10', '__proto__']).map((a) => a.id)).toEqual([
      '10',
      'b',
      'a',
    ]);
  });

  it('find every customer a number names', () => {
    const state = structuredClone(sandbox().getState());
    const kari = Object.values(state.customers).find((c) => c.customerNumber === KARI);
    if (kari === undefined) throw new Error('no Kari in the seed');
    state.customers.second = { ...kari, customerType: 'corporate', customerName: 'Kari AS' };
    frozen(state);
    expect(customersNumbered(state, KARI).map((c) => c.customerName)).toEqual([kari.customerName, 'Kari AS']);
    expect(customersNumbered(state, 'nobody')).toEqual([]);
  });
});

describe('a bank with many accounts', () => {
  it('offers and lists a PSU its own accounts, one added since included', async () => {
    const sb = sandbox();
    const created = await api(sb, 'POST', '/v1/sandbox/accounts', { body: accountBody(KARI, '97100123456') });
    expect(created.status).toBe(201);
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const listed = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(listed.status).toBe(200);
    const ids = listed.body.accounts.map((a: { resourceId: string }) => a.resourceId);
    const own = Object.values(sb.getState().accounts)
      .filter((a) => a.customerNumber === KARI)
      .map((a) => a.id);
    expect(ids).toEqual(own);
    expect(ids).toContain(created.body.id);
  });
});
