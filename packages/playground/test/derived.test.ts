// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readExtensions } from '../src/bank/extensions.js';
import { toCurl } from '../src/bank/request.js';
import { balanceSeries } from '../src/derive/balance-series.js';
import { transactionsOf } from '../src/derive/ledger.js';
import { formatAmount, fromCents, toCents } from '../src/derive/money.js';
import { filterTransactions } from '../src/derive/search.js';
import { fixtureAccount, fixturePayments, fixtureState, largeState } from '../src/fixtures/state.js';
import { fillScaForm } from '../src/flows/run.js';

describe('derived data', () => {
  it('walks the balance back to the opening balance through booked transactions', () => {
    const points = balanceSeries(
      fixtureAccount.booked,
      transactionsOf(transactionsOf(fixtureState.transactions[fixtureAccount.id])),
    );
    expect(points.at(-1)?.exact).toBe(fromCents(toCents(fixtureAccount.booked)));
    // The seed opens Kari Nordmann's Brukskonto at 18250.00 (engine seed).
    expect(points[0]?.exact).toBe('18250.00');
  });

  it('formats amounts exactly, without floating point', () => {
    expect(formatAmount('-1234567.5', 'NOK')).toBe('\u22121\u202f234\u202f567.50 NOK');
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
  });

  it('searches 100 000 transactions by text', () => {
    const many = transactionsOf(transactionsOf(largeState(100_000).transactions[fixtureAccount.id]));
    expect(filterTransactions(many, 'Bulk transaction 99999', 'all')).toHaveLength(1);
    expect(filterTransactions(many, '', 'pending').every((t) => t.status === 'pending')).toBe(true);
  });

  it('copies a request as curl against pnpm serve', () => {
    expect(
      toCurl({
        method: 'POST',
        path: '/v1/sandbox/initialize',
        requestHeaders: { 'x-request-id': 'a', 'content-length': '2' },
        requestBody: `{"it's":1}`,
      }),
    ).toBe(
      `curl -i -X POST 'http://127.0.0.1:8731/v1/sandbox/initialize' -H 'x-request-id: a' --data-raw '{"it'\\''s":1}'`,
    );
  });

  it('reads payment slices with ISO times and the request kept apart', () => {
    const state = {
      ...fixtureState,
      payments: {
        p1: {
          paymentId: 'p1',
          product: 'norwegian-domestic-credit-transfers',
          status: 'ACSC',
          createdAt: '2026-03-02T10:00:00Z',
          request: { instructedAmount: { amount: '10.00', currency: 'NOK' }, creditorName: 'X' },
          history: [
            { status: 'RCVD', at: '2026-03-02T10:00:00Z' },
            { status: 'ACSC', at: 1 },
          ],
        },
      },
    } as unknown as typeof fixtureState;
    const p = readExtensions(state).payments?.p1;
    expect(p?.transactionStatus).toBe('ACSC');
    expect(p?.instructedAmount).toEqual({ amount: '10.00', currency: 'NOK' });
    expect(p?.history.map((h) => h.status)).toEqual(['RCVD', 'ACSC']);
    // The engine's state carries every slice, empty after the seed.
    expect(readExtensions(fixtureState)).toEqual({ payments: {}, baskets: {}, consents: {}, sessions: {} });
    expect(Object.keys(fixturePayments)).toHaveLength(3);
  });

  it('fills the contract SCA form: identity, context, every account, approve', () => {
    document.body.innerHTML = `<form method="post" action="/_sandbank/sca/x">
      <input type="hidden" name="token" value="t1">
      <input name="nationalIdentityNumber">
      <label><input type="radio" name="context" value="PRIVATE">Private</label>
      <label><input type="radio" name="context" value="CORPORATE">Corporate</label>
      <input type="checkbox" name="accounts" value="a1"><input type="checkbox" name="accounts" value="a2">
      <button name="action" value="approve">Approve</button><button name="action" value="cancel">Cancel</button>
    </form>`;
    const params = fillScaForm(document.querySelector('form')!, {
      nationalIdentityNumber: '13039319955',
      context: 'PRIVATE',
    });
    expect(params.toString()).toBe(
      'token=t1&nationalIdentityNumber=13039319955&context=PRIVATE&accounts=a1&accounts=a2&action=approve',
    );
  });
});
