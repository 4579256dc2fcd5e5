// A transaction page and the account list join list items written once and kept (accounts/views.ts,
// writtenTransactionViews, writtenAccountViews). What a TPP reads must not depend on whether an item
// was kept: the same bytes cold and warm, amounts as the request's fixes ask even for an item kept in
// the other form, links under each sandbox's own base path, and the request log given plain objects.
import { accountList } from '@sandbank/engine';
import { api, consent, KARI, sandbox, stateWithTransactions } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { transactionView, writtenTransactionViews } from '../../src/accounts/views.js';
import type { RequestContext } from '../../src/core/context.js';
import { freezeDeep } from '../../src/core/freeze.js';
import type { Transaction } from '../../src/core/state.js';
import type { RequestLogEntry, SandboxEvent } from '../../src/index.js';

async function setUp(options: Parameters<typeof sandbox>[0] = {}) {
  const { state, accountId } = stateWithTransactions(500);
  const sb = sandbox({ initialState: state, ...options });
  const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  return { sb, headers: psu.headers, accountId };
}

async function pageText(
  sb: ReturnType<typeof sandbox>,
  path: string,
  headers: Record<string, string | undefined>,
) {
  const sent = new Headers({ 'x-request-id': crypto.randomUUID() });
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent.set(name, value);
  const request = new Request(`https://bank.example${path}`, { headers: sent });
  const response = await sb.fetch(request);
  expect(response.status).toBe(200);
  return response.text();
}

describe('transaction pages from written list items', () => {
  it('answers the same bytes the first time and every time after', async () => {
    const { sb, headers, accountId } = await setUp();
    const path = `/v1/accounts/${accountId}/transactions?bookingStatus=both&limit=100&offset=50`;
    const cold = await pageText(sb, path, headers);
    const warm = await pageText(sb, path, headers);
    expect(warm).toBe(cold);
    // The text is JSON.stringify's own writing of what it holds (no spaces, keys in order).
    expect(JSON.stringify(JSON.parse(cold))).toBe(cold);
    expect(JSON.parse(cold).transactions.booked).toHaveLength(100);
  });

  it('writes amounts as the fixes of each request ask, whichever form was kept first', async () => {
    // Every fix opt-in (part 9): amounts are strings with the fix, numbers without.
    const { sb, headers, accountId } = await setUp({ acceptFixDefaults: 'legacy' });
    const path = `/v1/accounts/${accountId}/transactions?bookingStatus=booked&limit=20`;
    const asString = JSON.parse(await pageText(sb, path, headers));
    const asNumber = JSON.parse(await pageText(sb, path, { ...headers, 'x-accept-fix': '' }));
    const again = JSON.parse(await pageText(sb, path, headers));
    expect(typeof asString.transactions.booked[0].transactionAmount.amount).toBe('string');
    expect(typeof asNumber.transactions.booked[0].transactionAmount.amount).toBe('number');
    expect(again).toEqual(asString);
    expect(
      asNumber.transactions.booked.map(
        (t: { transactionAmount: { amount: number } }) => t.transactionAmount.amount,
      ),
    ).toEqual(
      asString.transactions.booked.map((t: { transactionAmount: { amount: string } }) =>
        Number(t.transactionAmount.amount),
      ),
    );
  });

  it('gives the request log plain objects, equal to the body sent, whenever it is read', async () => {
    const { sb, headers, accountId } = await setUp();
    const logged: RequestLogEntry[] = [];
    const stop = sb.subscribe((event: SandboxEvent) => {
      if (event.type === 'request') logged.push(event.entry);
    });
    const text = await pageText(
      sb,
      `/v1/accounts/${accountId}/transactions?bookingStatus=booked&limit=5`,
      headers,
    );
    stop();
    expect(logged).toHaveLength(1);
    const entry = logged[0] as RequestLogEntry;
    // Cloned as the service worker broadcasts it, then read.
    const cloned = structuredClone(entry);
    const body = entry.responseBody as { transactions: { booked: object[] } };
    expect(body).toEqual(JSON.parse(text));
    expect(entry.responseBody).toBe(body);
    expect(Object.getPrototypeOf(body.transactions.booked[0])).toBe(Object.prototype);
    expect(cloned.responseBody).toEqual(body);
    expect(JSON.parse(JSON.stringify(entry)).responseBody).toEqual(body);
  });
});

describe('account lists from written items', () => {
  interface Listed {
    name: string;
    cashAccountType: string;
    balances?: Array<{ balanceAmount: { amount: string | number } }>;
  }

  it('answers each variant in its own form and the balances as they are now, whichever was kept first', async () => {
    // Every fix opt-in (part 9), so the forms with and without them can both be asked for.
    const sb = sandbox({ acceptFixDefaults: 'legacy' });
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const list = async (query: string, fixes: string): Promise<Listed[]> => {
      const answer = await api(sb, 'GET', `/v1/accounts${query}`, {
        headers: { ...psu.headers, 'x-accept-fix': fixes },
      });
      expect(answer.status).toBe(200);
      return answer.body.accounts;
    };
    const savingsOf = (accounts: Listed[]) => accounts.find((a) => a.name === 'Sparekonto') as Listed;
    const fixed = await list('?withBalance=true', 'amount-as-string,cash-account-type-iso');
    const legacy = await list('?withBalance=true', '');
    const bare = await list('', 'amount-as-string,cash-account-type-iso');
    expect(savingsOf(fixed).cashAccountType).toBe('SVGS');
    expect(typeof savingsOf(fixed).balances?.[0]?.balanceAmount.amount).toBe('string');
    expect(savingsOf(legacy).cashAccountType).not.toBe('SVGS');
    expect(typeof savingsOf(legacy).balances?.[0]?.balanceAmount.amount).toBe('number');
    expect(savingsOf(bare).balances).toBeUndefined();
    expect(await list('?withBalance=true', 'amount-as-string,cash-account-type-iso')).toEqual(fixed);

    // A booked transaction moves the balance: the account is a new record, written anew.
    const savings = accountList(sb.getState()).find(
      (a) => a.customerNumber === KARI && a.accountName === 'Sparekonto',
    );
    const booked = await api(sb, 'POST', `/v1/sandbox/accounts/${savings?.id}/transactions`, {
      body: [{ amount: -100, currency: 'NOK', bookingDate: '2026-02-26', valueDate: '2026-02-26' }],
    });
    expect(booked.status).toBe(201);
    const after = savingsOf(await list('?withBalance=true', 'amount-as-string,cash-account-type-iso'));
    const before = Number(savingsOf(fixed).balances?.[0]?.balanceAmount.amount);
    expect(Number(after.balances?.[0]?.balanceAmount.amount)).toBeCloseTo(before - 100, 2);
  });
});

describe('writtenTransactionViews', () => {
  const tx: Transaction = {
    accountId: 'acc-1',
    transactionId: 'T1',
    status: 'booked',
    seq: 1,
    bookingDate: '2026-03-01',
    valueDate: '2026-03-01',
    amount: '-12.5',
    currency: 'NOK',
    creditorName: 'Kiwi "Grünerløkka"',
    remittanceInformationUnstructured: 'Line\u2028two',
  };
  freezeDeep(tx);
  const ctx = (basePath: string, fixes: string[]) =>
    ({ basePath, fixes: new Set(fixes) }) as unknown as RequestContext;

  it('is transactionView written, for each base path and amount form, kept or not', () => {
    for (const [basePath, fixes] of [
      ['/v1', ['amount-as-string']],
      ['/v1', []],
      ['/bank/v1', ['amount-as-string']],
      ['/v1', ['amount-as-string']],
    ] as const) {
      const expected = JSON.stringify(transactionView(ctx(basePath, [...fixes]), tx));
      expect(writtenTransactionViews(ctx(basePath, [...fixes]))(tx).text).toBe(expected);
      expect(writtenTransactionViews(ctx(basePath, [...fixes]))(tx).text).toBe(expected);
    }
  });

  it('keeps nothing of a record that is not frozen (a draft can still change)', () => {
    const open: Transaction = { ...tx, creditorName: 'Before' };
    const first = writtenTransactionViews(ctx('/v1', []))(open).text;
    (open as { creditorName?: string }).creditorName = 'After';
    const second = writtenTransactionViews(ctx('/v1', []))(open).text;
    expect(first).toContain('Before');
    expect(second).toContain('After');
  });
});
