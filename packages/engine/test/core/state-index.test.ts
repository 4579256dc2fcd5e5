// The lookups over a state's records by customer number, id and account number, and the consents by
// PSU and TPP (core/records.ts), and over its agreements (core/state-index.ts), kept per frozen record:
// what they answer must be what a search of the record would, in its order, for the state asked about,
// however many states were asked about before.
import { api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { accountBody } from '@sandbank/test-support/sandbox-api';
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { freezeDeep } from '../../src/core/freeze.js';
import { keyedFrom } from '../../src/core/keyed-chunks.js';
import {
  accountById,
  accountList,
  accountsNumbered,
  accountsOf,
  accountsWithIds,
  cardAccountList,
  cardAccountsNumbered,
  cardAccountsWithIds,
  consentById,
  consentCount,
  consentList,
  consentsOf,
  consentsOfPsu,
  customerList,
  customersNumbered,
  putAccount,
  putConsent,
  putCustomer,
} from '../../src/core/records.js';
import type { Account, Agreement, CardAccount, Consent, State } from '../../src/core/state.js';
import {
  agreementKeysOfPerson,
  agreementKeysOnAccount,
  agreementNamed,
  agreementsOf,
} from '../../src/core/state-index.js';
import { findAccount, findCardAccount } from '../../src/payments/booking.js';

const seeded = accountList(sandbox().getState())[0] as Account;

function account(id: string, customerNumber: string): Account {
  return { ...seeded, id, customerNumber };
}

function frozen<T>(value: T): T {
  freezeDeep(value);
  return value;
}

function stateWith(accounts: Account[]): State {
  const state = structuredClone(sandbox().getState());
  state.accounts = keyedFrom(Object.fromEntries(accounts.map((a) => [a.id, a])));
  return state;
}

describe('accounts by customer number, number and id (kept in chunks)', () => {
  it('answer what a search of the record answers, in its order, for each state asked about', () => {
    // Ids that V8 orders before the others (integer-like) and more accounts than a group of chunks holds.
    const many = Array.from({ length: 3000 }, (_, i) =>
      account(`acc-${i}`, i % 3 === 0 ? 'A' : `other-${i}`),
    );
    const before = frozen(stateWith([...many, account('42', 'A'), account('7', 'B')]));
    const search = (state: State, owner: string) =>
      accountList(state).filter((a) => a.customerNumber === owner);
    expect(accountsOf(before, 'A')).toEqual(search(before, 'A'));
    expect(accountsOf(before, 'A')[0]?.id).toBe('42');
    expect(accountsOf(before, 'B').map((a) => a.id)).toEqual(['7']);
    expect(accountsOf(before, 'nobody')).toEqual([]);

    // A change makes a new record: its own answer, and the earlier state's stays as it was.
    const after = frozen(produce(before, (draft) => putAccount(draft, account('acc-new', 'B'))));
    expect(accountsOf(after, 'B').map((a) => a.id)).toEqual(['7', 'acc-new']);
    expect(accountsOf(before, 'B').map((a) => a.id)).toEqual(['7']);
  });

  it('read a record that is not frozen afresh each time', () => {
    const state = stateWith([account('a1', 'A')]);
    expect(accountsOf(state, 'A').map((a) => a.id)).toEqual(['a1']);
    putAccount(state, account('a2', 'A'));
    expect(accountsOf(state, 'A').map((a) => a.id)).toEqual(['a1', 'a2']);
  });

  it('give entries in the record order whatever order the ids come in, leaving out unknown ones', () => {
    const state = frozen(stateWith([account('b', 'A'), account('a', 'A'), account('10', 'A')]));
    const ids = ['a', 'nope', 'b', '10', '__proto__'];
    expect(accountsWithIds(state, ids).map((a) => a.id)).toEqual(['10', 'b', 'a']);
    // The card accounts likewise.
    const seededCard = cardAccountList(state)[0] as CardAccount;
    const cards = frozen({
      ...state,
      cardAccounts: keyedFrom({
        b: { ...seededCard, id: 'b' },
        a: { ...seededCard, id: 'a' },
        10: { ...seededCard, id: '10' },
      }),
    });
    expect(cardAccountsWithIds(cards, ids).map((c) => c.id)).toEqual(['10', 'b', 'a']);
  });

  it('find accounts by bban or iban as a search would, also while a change is being made', () => {
    const a = { ...account('acc-a', 'A'), bban: '11111111111', iban: 'NO0011111111111' };
    const b = { ...account('acc-b', 'B'), bban: '22222222222', iban: 'NO0022222222222' };
    const state = frozen(stateWith([a, b]));
    expect(accountsNumbered(state, { bban: b.bban }).map((x) => x.id)).toEqual(['acc-b']);
    expect(accountsNumbered(state, { bban: b.bban, iban: a.iban }).map((x) => x.id)).toEqual([
      'acc-a',
      'acc-b',
    ]);
    expect(accountsNumbered(state, { bban: a.iban })).toEqual([]);
    // Inside a change that has written to the accounts, the account found is as written.
    produce(state, (draft) => {
      (accountById(draft, 'acc-a') as Account).booked = '12.50';
      expect(findAccount(draft, { iban: a.iban })?.booked).toBe('12.50');
      expect(findAccount(draft, { bban: b.bban })?.id).toBe('acc-b');
    });
  });

  it('find an enabled card account by its number or card id, the first in the record order', () => {
    const seededCard = cardAccountList(sandbox().getState())[0] as CardAccount;
    const card = (id: string, status: CardAccount['status']): CardAccount => ({
      ...seededCard,
      id,
      status,
      accountNumber: '5555',
      cardId: `card-${id}`,
    });
    const state = structuredClone(sandbox().getState());
    state.cardAccounts = keyedFrom({
      c1: card('c1', 'deleted'),
      c2: card('c2', 'enabled'),
      c3: card('c3', 'enabled'),
    });
    frozen(state);
    expect(findCardAccount(state, '5555')?.id).toBe('c2');
    expect(findCardAccount(state, 'card-c3')?.id).toBe('c3');
    expect(findCardAccount(state, 'card-c1')).toBeUndefined();
    expect(cardAccountsNumbered(state, '5555').map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);
  });

  it('find every customer a number names', () => {
    const state = structuredClone(sandbox().getState());
    const kari = customerList(state).find((c) => c.customerNumber === KARI);
    if (kari === undefined) throw new Error('no Kari in the seed');
    putCustomer(state, { ...kari, customerId: 'second', customerType: 'corporate', customerName: 'Kari AS' });
    frozen(state);
    expect(customersNumbered(state, KARI).map((c) => c.customerName)).toEqual([kari.customerName, 'Kari AS']);
    expect(customersNumbered(state, 'nobody')).toEqual([]);
  });
});

describe('consents by PSU and TPP', () => {
  it('are what a search of the consents finds, in their order, for each state asked about', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const given = consentList(sb.getState())[0] as Consent;
    const like = (consentId: string, tppId: string, nationalId: string): Consent => ({
      ...given,
      consentId,
      tppId,
      nationalId,
    });
    const state = structuredClone(sb.getState());
    state.consents = keyedFrom(
      Object.fromEntries(
        [
          like('c1', 'tpp-a', 'psu-1'),
          like('c2', 'tpp-b', 'psu-1'),
          ...Array.from({ length: 3000 }, (_, i) => like(`other-${i}`, 'tpp-a', `psu-other-${i}`)),
          like('c3', 'tpp-a', 'psu-1'),
          like('spaced', 'org x', 'y'),
        ].map((c) => [c.consentId, c]),
      ),
    );
    const before = frozen(state);
    expect(consentsOf(before, 'tpp-a', 'psu-1').map((c) => c.consentId)).toEqual(['c1', 'c3']);
    expect(consentsOfPsu(before, 'psu-1').map((c) => c.consentId)).toEqual(['c1', 'c2', 'c3']);
    expect(consentsOf(before, 'tpp-b', 'psu-2')).toEqual([]);
    // A TPP and a PSU are told apart whatever their names hold.
    expect(consentsOf(before, 'org x', 'y').map((c) => c.consentId)).toEqual(['spaced']);
    expect(consentsOf(before, 'org', 'x y')).toEqual([]);
    const after = produce(before, (draft) => {
      putConsent(draft, like('c4', 'tpp-b', 'psu-1'));
      (consentById(draft, 'c1') as Consent).nationalId = 'psu-2';
    });
    expect(consentsOf(after, 'tpp-b', 'psu-1').map((c) => c.consentId)).toEqual(['c2', 'c4']);
    expect(consentsOfPsu(after, 'psu-1').map((c) => c.consentId)).toEqual(['c2', 'c3', 'c4']);
    expect(consentsOf(after, 'tpp-a', 'psu-2').map((c) => c.consentId)).toEqual(['c1']);
    // The state before keeps its answers.
    expect(consentsOf(before, 'tpp-b', 'psu-1').map((c) => c.consentId)).toEqual(['c2']);
    expect(consentsOfPsu(before, 'psu-1').map((c) => c.consentId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('are kept in chunks, so a new consent copies what it writes and shares the rest', () => {
    const sb = sandbox();
    const state = structuredClone(sb.getState());
    const template: Consent = {
      consentId: '',
      tppId: 'tpp-a',
      nationalId: KARI,
      context: 'PRIVATE',
      agreementId: null,
      accountIds: [],
      cardAccountIds: [],
      status: 'valid',
      createdAt: 0,
      scaAt: 0,
      detailsDay: '2026-01-01',
      detailsCount: 0,
    };
    state.consents = keyedFrom(
      Object.fromEntries(
        Array.from({ length: 5000 }, (_, i) => [`c${i}`, { ...template, consentId: `c${i}` }]),
      ),
    );
    const before = frozen(state);
    const after = produce(before, (draft) => {
      putConsent(draft, { ...template, consentId: 'new', tppId: 'tpp-b' });
    });
    const groupsBefore = (before.consents as { groups: unknown[] }).groups;
    const groupsAfter = (after.consents as { groups: unknown[] }).groups;
    // Every full group of 512 is the same object: only the last group, its chunk and the index changed.
    expect(groupsAfter.slice(0, -1).every((group, i) => group === groupsBefore[i])).toBe(true);
    expect(groupsAfter.length).toBe(groupsBefore.length);
    expect(consentCount(after)).toBe(5001);
    expect(consentList(after).at(-1)?.consentId).toBe('new');
    expect(consentById(after, 'c4999')?.consentId).toBe('c4999');
    expect(consentById(after, 'constructor')).toBeUndefined();
  });
});

describe('agreements by person, account and corporate id', () => {
  const agreement = (agreementId: string, owner: string, engaged: [string, string][]): Agreement => ({
    agreementId,
    owner,
    name: `agreement ${agreementId}`,
    engagements: engaged.map(([customer, accountId]) => ({
      customer,
      accountId,
      roles: ['VIEW', 'REGISTER'],
    })),
    seeded: false,
  });
  const withAgreements = (entries: [string, Agreement][]): State => {
    const state = structuredClone(sandbox().getState());
    state.agreements = Object.fromEntries(entries);
    return state;
  };

  it('are what a search of the agreements finds, in their order, with the keys they are kept under', () => {
    const many: [string, Agreement][] = Array.from({ length: 3000 }, (_, i) => [
      `g-${i}`,
      agreement(`g-${i}`, `owner-${i % 7}`, [[`psu-${i % 11}`, `acc-${i % 13}`]]),
    ]);
    const state = frozen(
      withAgreements([
        ...many,
        // Integer-like keys come first in the record's order; one key differs from its agreement's id.
        [
          '5',
          agreement('5', 'P', [
            ['P', 'acc-x'],
            ['Q', 'acc-x'],
          ]),
        ],
        ['kept-as', agreement('other-id', 'R', [['P', 'acc-y']])],
      ]),
    );
    const search = (test: (a: Agreement) => boolean) =>
      Object.entries(state.agreements)
        .filter(([, a]) => test(a))
        .map(([key]) => key);
    const names = (person: string) => (a: Agreement) =>
      a.owner === person || a.engagements.some((e) => e.customer === person);
    for (const person of ['P', 'Q', 'R', 'owner-3', 'psu-4', 'nobody']) {
      expect(agreementKeysOfPerson(state, person)).toEqual(search(names(person)));
      expect(agreementsOf(state, person)).toEqual(search(names(person)).map((key) => state.agreements[key]));
    }
    expect(agreementKeysOfPerson(state, 'P')).toEqual(['5', 'kept-as']);
    for (const account of ['acc-x', 'acc-y', 'acc-5', 'acc-none'])
      expect(agreementKeysOnAccount(state, account)).toEqual(
        search((a) => a.engagements.some((e) => e.accountId === account)),
      );
  });

  it('find the first agreement with an id of a kind, for each kind asked about, and a new record afresh', () => {
    const before = frozen(
      withAgreements([
        ['a', agreement('a', 'P', [])],
        ['b', agreement('b', 'P', [])],
        ['c', agreement('c', 'Q', [])],
      ]),
    );
    const byOwner = (agreementId: string) => before.agreements[agreementId]?.owner ?? '';
    expect(agreementNamed(before, 'owner', byOwner, 'P')?.agreementId).toBe('a');
    expect(agreementNamed(before, 'owner', byOwner, 'Q')?.agreementId).toBe('c');
    expect(agreementNamed(before, 'reversed', (id) => [...id].reverse().join(''), 'b')?.agreementId).toBe(
      'b',
    );
    expect(agreementNamed(before, 'owner', byOwner, 'nobody')).toBeUndefined();
    const after: State = frozen({
      ...before,
      agreements: { d: agreement('d', 'Q', []), ...before.agreements },
    });
    const afterOwner = (agreementId: string) => after.agreements[agreementId]?.owner ?? '';
    expect(agreementNamed(after, 'owner', afterOwner, 'Q')?.agreementId).toBe('d');
    expect(agreementNamed(before, 'owner', byOwner, 'Q')?.agreementId).toBe('c');
  });
});

describe('agreement lookups, for any agreements record', () => {
  it('are what a search finds, in the record order, under the keys the record keeps them', () => {
    const person = fc.constantFrom('P', 'Q', 'R', '0');
    const accountId = fc.constantFrom('a', 'b', '1', '__proto__');
    const agreementArb = fc.record({
      agreementId: fc.string({ maxLength: 3 }),
      owner: person,
      name: fc.constant('n'),
      engagements: fc.array(
        fc.record({ customer: person, accountId, roles: fc.constant(['VIEW', 'REGISTER']) }),
        { maxLength: 4 },
      ),
      seeded: fc.boolean(),
    });
    // Keys of every kind V8 orders apart (integer-like first), each to any agreement.
    const key = fc.oneof(fc.string({ maxLength: 3 }), fc.nat({ max: 30 }).map(String));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, agreementArb), { selector: ([k]) => k, maxLength: 25 }),
        (entries) => {
          const base = structuredClone(sandbox().getState());
          const record: Record<string, Agreement> = {};
          for (const [k, a] of entries)
            Object.defineProperty(record, k, {
              value: a,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          const state = frozen({ ...base, agreements: record });
          const keys = (test: (a: Agreement) => boolean) =>
            Object.keys(state.agreements).filter((k) => test(state.agreements[k] as Agreement));
          for (const who of ['P', 'Q', 'R', '0', 'nobody']) {
            const names = (a: Agreement) => a.owner === who || a.engagements.some((e) => e.customer === who);
            expect(agreementKeysOfPerson(state, who)).toEqual(keys(names));
            expect(agreementsOf(state, who)).toEqual(keys(names).map((k) => state.agreements[k]));
          }
          for (const id of ['a', 'b', '1', '__proto__', 'none'])
            expect(agreementKeysOnAccount(state, id)).toEqual(
              keys((a) => a.engagements.some((e) => e.accountId === id)),
            );
          const byId = (agreementId: string) => agreementId;
          for (const wanted of ['', 'x', '1'])
            expect(agreementNamed(state, 'id', byId, wanted)).toBe(
              Object.values(state.agreements).find((a) => a.agreementId === wanted),
            );
        },
      ),
      { numRuns: 300 },
    );
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
    const own = accountList(sb.getState())
      .filter((a) => a.customerNumber === KARI)
      .map((a) => a.id);
    expect(ids).toEqual(own);
    expect(ids).toContain(created.body.id);
  });
});
