// @vitest-environment jsdom
import {
  basketById,
  basketStatusOf,
  consentById,
  keyedFrom,
  StateSchema,
  stateToExport,
} from '@sandbank/engine';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../src/bank/request.js';
import {
  basketHistory,
  consentStanding,
  paymentsNewestFirst,
  sessionStanding,
  sessionsNewestFirst,
} from '../src/derive/activity.js';
import { balanceSeries } from '../src/derive/balance-series.js';
import { transactionsOf } from '../src/derive/ledger.js';
import { formatAmount, fromCents, toCents } from '../src/derive/money.js';
import { filterTransactions } from '../src/derive/search.js';
import { activityState, fixturePayments } from '../src/fixtures/activity.js';
import { FIXTURE_NOW, fixtureAccount, fixtureState, largeState } from '../src/fixtures/state.js';
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

  it('derives a basket’s status history from its payments’ with the engine’s worst-case rule', () => {
    const state = activityState();
    const basket = basketById(state, 'enc!!basket-1==')!;
    // Created while both waited; one authorised: PATC; the other an hour ago: ACTC (part 3 rule 1).
    expect(basketHistory(state, basket).map((h) => h.status)).toEqual(['RCVD', 'PATC', 'ACTC']);
    expect(basketHistory(state, basket).at(-1)?.status).toBe(basketStatusOf(state, basket));
    const { 'enc!!pay-pending==': _gone, ...rest } = fixturePayments;
    expect(basketHistory({ payments: keyedFrom(rest) }, basket).map((h) => h.status)).toEqual(['RJCT']);
  });

  it('says how consents and sessions stand on the bank clock', () => {
    const state = activityState();
    const [active, expired, revoked] = ['consent-active', 'consent-expired', 'consent-revoked'].map(
      (id) => consentById(state, id)!,
    );
    expect(consentStanding(active!, FIXTURE_NOW)).toEqual({ label: 'valid', live: true });
    expect(consentStanding(expired!, FIXTURE_NOW)).toEqual({ label: 'SCA expired', live: false });
    expect(consentStanding(revoked!, FIXTURE_NOW)).toEqual({ label: 'revoked', live: false });
    expect(sessionsNewestFirst(state).map((s) => sessionStanding(s, FIXTURE_NOW))).toEqual([
      'live',
      'replaced',
      'expired',
    ]);
  });

  it('keeps its activity fixtures in the engine’s own state shape', () => {
    expect(StateSchema.safeParse(stateToExport(activityState())).success).toBe(true);
    expect(paymentsNewestFirst(activityState()).map((p) => p.transactionStatus)).toEqual([
      'RJCT',
      'ACSC',
      'PDNG',
    ]);
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
