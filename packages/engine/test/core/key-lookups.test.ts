// The lookups by key over the customers, accounts and card accounts, kept in chunks (core/records.ts,
// core/keyed-chunks.ts), and a PSU-ID's reverse lookup (sca/psu.ts) keep what they found per frozen
// chunk, group and record from state to state: whatever the writes, each lookup must still answer
// what a search of the state's records answers, in their order.
import {
  createSandbox,
  type ExportedState,
  ibanFromBban,
  makeBban,
  type Sandbox,
  stateToExport,
} from '@sandbank/engine';
import { approve, createPayment, INSTANT, KARI, ndctBody, OLA } from '@sandbank/test-support/payments';
import { accountBody, api, cardAccountBody, NOW } from '@sandbank/test-support/sandbox-api';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountById,
  accountList,
  accountsNumbered,
  accountsOf,
  accountsWithIds,
  cardAccountList,
  cardAccountsNumbered,
  cardAccountsOf,
  cardAccountsWithIds,
  customerList,
  customersNumbered,
} from '../../src/core/records.js';
import type { State } from '../../src/core/state.js';
import { nationalIdOf, psuIdFor } from '../../src/sca/psu.js';

/** More than two full groups of chunks (512 entries each) in each of the three records. */
const EXTRA = 1100;
const number = (i: number) => `9${String(i).padStart(10, '0')}`;

function grownBank(): Sandbox {
  const seed = createSandbox({ now: () => NOW, registeredTpps: [TEST_TPP_REGISTRATION] });
  const state = structuredClone(stateToExport(seed.getState())) as ExportedState;
  const customer = Object.values(state.customers)[0];
  const account = Object.values(state.accounts)[0];
  const card = Object.values(state.cardAccounts)[0];
  if (customer === undefined || account === undefined || card === undefined) throw new Error('empty seed');
  for (let i = 0; i < EXTRA; i++) {
    const customerNumber = number(i);
    state.customers[`grown-customer-${i}`] = {
      ...customer,
      customerId: `grown-customer-${i}`,
      customerNumber,
    };
    const bban = makeBban('2001', i * 10);
    state.accounts[`grown-account-${i}`] = {
      ...account,
      id: `grown-account-${i}`,
      customerNumber,
      bban,
      iban: ibanFromBban(bban),
    };
    state.cardAccounts[`grown-card-${i}`] = {
      ...card,
      id: `grown-card-${i}`,
      customerNumber,
      cardId: `grown-card-id-${i}`,
      accountNumber: `grown-card-number-${i}`,
    };
  }
  return createSandbox({ now: () => NOW, registeredTpps: [TEST_TPP_REGISTRATION], initialState: state });
}

/** Every lookup over the three records, against a search of each. */
function expectLookupsMatchSearch(state: State, picks: readonly number[]): void {
  const accounts = accountList(state);
  const customers = customerList(state);
  const cards = cardAccountList(state);
  const owners = [...new Set([...customers.map((c) => c.customerNumber), 'nobody'])];
  const pick = <T>(list: readonly T[], n: number) => list[n % Math.max(list.length, 1)];
  // Each TPP's PSU-IDs, to the first customer, in the customers' order, given each.
  const psuIds = ['tpp-a', 'tpp-b'].map((tpp) => {
    const issued = new Map<string, string>();
    for (const { customerNumber } of customers) {
      const psuId = psuIdFor(state, customerNumber, tpp);
      if (!issued.has(psuId)) issued.set(psuId, customerNumber);
    }
    return [tpp, issued] as const;
  });
  for (const n of picks) {
    const owner = pick(owners, n) as string;
    expect(accountsOf(state, owner)).toEqual(accounts.filter((a) => a.customerNumber === owner));
    expect(customersNumbered(state, owner)).toEqual(customers.filter((c) => c.customerNumber === owner));
    expect(cardAccountsOf(state, owner)).toEqual(cards.filter((c) => c.customerNumber === owner));
    for (const [tpp, issued] of psuIds) {
      const psuId = psuIdFor(state, owner, tpp);
      expect(nationalIdOf(state, psuId.toUpperCase(), tpp)).toBe(issued.get(psuId) ?? null);
    }
    const one = pick(accounts, n);
    const other = pick(accounts, n * 7 + 3);
    if (one !== undefined && other !== undefined) {
      const ref = { bban: accounts[accounts.length - 1]?.bban, iban: other.iban };
      expect(accountsNumbered(state, ref)).toEqual(
        accounts.filter((a) => a.bban === ref.bban || a.iban === ref.iban),
      );
      // The newest account (added by a write before, if any) with two others, in no order.
      const newest = accounts[accounts.length - 1] as (typeof accounts)[number];
      const ids = [newest.id, other.id, one.id, 'no-such-account'];
      expect(accountsWithIds(state, ids)).toEqual(accounts.filter((a) => ids.includes(a.id)));
    }
    const card = pick(cards, n);
    if (card !== undefined) {
      for (const identification of [card.cardId, card.accountNumber]) {
        expect(cardAccountsNumbered(state, identification)).toEqual(
          cards.filter((c) => c.cardId === identification || c.accountNumber === identification),
        );
      }
      const ids = [cards[cards.length - 1]?.id ?? '', card.id, 'no-such-card'];
      expect(cardAccountsWithIds(state, ids)).toEqual(cards.filter((c) => ids.includes(c.id)));
    }
  }
}

type Write = {
  kind: 'customer' | 'account' | 'card' | 'delete account' | 'delete customer' | 'payment';
  n: number;
};

let serial = 0;

/** One write through the bank's API, on entries `n` picks; its answer's status is not what is tested. */
async function write(bank: Sandbox, signed: Sandbox, { kind, n }: Write): Promise<void> {
  const state = bank.getState();
  const customers = customerList(state);
  const accounts = accountList(state);
  const customer = customers[n % customers.length];
  const account = accounts[n % accounts.length];
  serial += 1;
  if (kind === 'customer') {
    const customerNumber = `7${String(serial).padStart(10, '0')}`;
    await api(signed, 'POST', '/v1/sandbox/customers', {
      body: { customerNumber, type: 'corporate', name: 'Firma' },
    });
  } else if (kind === 'account' && customer !== undefined) {
    await api(signed, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(customer.customerNumber, makeBban('3001', serial * 10)),
    });
  } else if (kind === 'card' && customer !== undefined) {
    await api(signed, 'POST', '/v1/sandbox/card-accounts', {
      body: cardAccountBody(customer.customerNumber),
    });
  } else if (kind === 'delete account' && account !== undefined) {
    await api(signed, 'DELETE', `/v1/sandbox/accounts/${account.id}`);
  } else if (kind === 'delete customer' && customer !== undefined) {
    await api(signed, 'DELETE', `/v1/sandbox/customers/${customer.customerId}`);
  } else if (kind === 'payment' && account !== undefined) {
    // Kari pays an account of the bank: both balances change, so both entries are replaced. The test
    // kit's body names Kari's and Ola's Brukskonto: none once a write before deleted either.
    const named = (owner: string) =>
      accounts.some((a) => a.customerNumber === owner && a.accountName === 'Brukskonto');
    if (!named(KARI) || !named(OLA)) return;
    const paying = signing(bank, { addDigest: false });
    const body = ndctBody(state, { creditorAccount: { bban: account.bban, currency: account.currency } });
    const created = await createPayment(paying, body, {
      product: INSTANT,
      query: '?allowLogicalDuplicate=true',
    });
    if (created.status === 201) await approve(paying, created.body.paymentId);
  }
}

describe('lookups by key from state to state', () => {
  it('answer what a search of each state answers, whatever the writes before', async () => {
    const kinds = ['customer', 'account', 'card', 'delete account', 'delete customer', 'payment'] as const;
    const writes = fc.array(fc.record({ kind: fc.constantFrom(...kinds), n: fc.nat({ max: 5000 }) }), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        writes,
        fc.array(fc.nat({ max: 5000 }), { minLength: 3, maxLength: 3 }),
        async (list, picks) => {
          const bank = grownBank();
          const signed = signing(bank);
          // Lookups on the first state keep what they found; each write then reads only what changed.
          expectLookupsMatchSearch(bank.getState(), picks);
          for (const one of list) {
            await write(bank, signed, one);
            expectLookupsMatchSearch(bank.getState(), [...picks, one.n]);
          }
        },
      ),
      { numRuns: 25, seed: 20261207 },
    );
  });

  it('answer a new account, a booked balance and a deletion as a search does', async () => {
    const bank = grownBank();
    const signed = signing(bank);
    expectLookupsMatchSearch(bank.getState(), [0, 1, 2]);
    const owner = number(5);
    const created = await api(signed, 'POST', '/v1/sandbox/accounts', {
      body: accountBody(owner, makeBban('3001', 10)),
    });
    expect(created.status).toBe(201);
    const [grown, added] = accountsOf(bank.getState(), owner);
    expect(added?.bban).toBe(makeBban('3001', 10));
    expect(grown?.id).toBe('grown-account-5');
    await write(bank, signed, {
      kind: 'payment',
      n: accountList(bank.getState()).findIndex((a) => a.id === added?.id),
    });
    const booked = accountsOf(bank.getState(), owner)[1];
    expect(booked).toBe(accountById(bank.getState(), added?.id ?? ''));
    expect(booked?.booked).not.toBe(added?.booked);
    expect(await api(signed, 'DELETE', `/v1/sandbox/accounts/${grown?.id}`)).toMatchObject({ status: 204 });
    expect(accountsOf(bank.getState(), owner)).toEqual([booked]);
    expectLookupsMatchSearch(bank.getState(), [0, 5, 1104]);
  });
});
