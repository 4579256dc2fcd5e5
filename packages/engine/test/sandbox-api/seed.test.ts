import { accountList, cardAccountList } from '@sandbank/engine';
import {
  accountsOf,
  api,
  cardAccountsOf,
  FJORDLYS,
  KARI,
  NORDKAPP,
  newSandbox,
  OLA,
} from '@sandbank/test-support/sandbox-api';
import { describe, expect, test } from 'vitest';
import { isNorwegianNationalId } from '../../src/core/headers.js';
import { isValidBban, isValidIban } from '../../src/sandbox-api/norwegian.js';

describe('the seed (docs/platform-facts.md §4)', () => {
  const sandbox = newSandbox();
  const state = sandbox.getState();

  test('holds exactly the four customers with their national ids', async () => {
    const result = await api(sandbox, 'GET', '/v1/sandbox/customers');
    expect(result.status).toBe(200);
    expect(result.body.map((c: { customerNumber: string }) => c.customerNumber)).toEqual([
      KARI,
      OLA,
      FJORDLYS,
      NORDKAPP,
    ]);
    expect(result.body.map((c: { customerType: string }) => c.customerType)).toEqual([
      'private',
      'private',
      'corporate',
      'corporate',
    ]);
    for (const number of [KARI, OLA, FJORDLYS, NORDKAPP]) expect(isNorwegianNationalId(number)).toBe(true);
  });

  test('gives each private customer 2 accounts and 1 card account', () => {
    for (const number of [KARI, OLA]) {
      expect(accountsOf(sandbox, number)).toHaveLength(2);
      expect(cardAccountsOf(sandbox, number)).toHaveLength(1);
    }
  });

  test('gives each corporate customer 2 accounts and no card account', () => {
    for (const number of [FJORDLYS, NORDKAPP]) {
      expect(accountsOf(sandbox, number)).toHaveLength(2);
      expect(cardAccountsOf(sandbox, number)).toHaveLength(0);
    }
  });

  test('uses MOD11-valid BBANs and matching valid IBANs, all distinct', () => {
    const accounts = accountList(state);
    expect(accounts).toHaveLength(8);
    for (const account of accounts) {
      expect(isValidBban(account.bban)).toBe(true);
      expect(isValidIban(account.iban)).toBe(true);
      expect(account.iban).toMatch(new RegExp(`^NO\\d{2}${account.bban}$`));
    }
    expect(new Set(accounts.map((a) => a.bban)).size).toBe(8);
  });

  test('gives the accounts booked and pending transactions', () => {
    const all = Object.values(state.transactions).flat(2);
    expect(all.some((t) => t.status === 'booked')).toBe(true);
    expect(all.some((t) => t.status === 'pending')).toBe(true);
    for (const account of accountList(state)) {
      expect(state.transactions[account.id]?.length ?? 0).toBeGreaterThan(0);
    }
  });

  test('masks the card numbers like 1234xxxxxxxx4321', () => {
    for (const card of cardAccountList(state)) expect(card.maskedPan).toMatch(/^\d{4}x{8}\d{4}$/);
  });

  test('gives each corporate customer one agreement over its own accounts', () => {
    const agreements = Object.values(state.agreements);
    expect(agreements.map((a) => a.owner)).toEqual([FJORDLYS, NORDKAPP]);
    for (const agreement of agreements) {
      const own = accountsOf(sandbox, agreement.owner).map((a) => a.id);
      expect(agreement.engagements.map((e) => e.accountId)).toEqual(own);
      for (const engagement of agreement.engagements) expect(engagement.roles).toEqual(['VIEW', 'REGISTER']);
    }
  });

  test('is byte-identical for the same seed and clock', () => {
    expect(JSON.stringify(newSandbox().getState())).toBe(JSON.stringify(state));
  });

  test('differs for another seed', () => {
    expect(JSON.stringify(newSandbox('other').getState())).not.toBe(JSON.stringify(state));
  });
});

describe('seeded states shared by banks (sandbox-api/seed.ts seededState)', () => {
  test('banks of one seed and clock start from one frozen state; other seeds or clocks get their own', () => {
    const first = newSandbox('shared-a').getState();
    expect(Object.isFrozen(first.transactions)).toBe(true);
    expect(newSandbox('shared-a').getState().transactions).toBe(first.transactions);
    expect(newSandbox('shared-b').getState().transactions).not.toBe(first.transactions);
    const later = newSandbox('shared-a', { now: () => Date.parse('2026-03-03T10:00:00Z') }).getState();
    expect(later.transactions).not.toBe(first.transactions);
  });

  test('keeps the last eight seeded states, not every one ever made', () => {
    const first = newSandbox('kept-0').getState().transactions;
    for (let i = 1; i <= 8; i++) newSandbox(`kept-${i}`);
    const again = newSandbox('kept-0').getState().transactions;
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
