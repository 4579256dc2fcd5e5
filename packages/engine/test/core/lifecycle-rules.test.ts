import {
  KARI as AIS_KARI,
  advance as advanceAis,
  api as aisApi,
  consent,
  sandbox,
} from '@sandbank/test-support/ais';
import { basketStatus, createBasket, kariPayments } from '@sandbank/test-support/baskets';
import { api, approve, newSandbox, state } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import {
  basketById,
  basketStatusOf,
  consentList,
  consentRenewalDue,
  FINAL_PAYMENT_STATUSES,
  isSessionActive,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  SESSION_MS,
  sessionList,
  worstCaseStatus,
} from '../../src/index.js';

// The rules the public entry exports for apps that show the state (the playground) are the ones the
// bank answers by: each is checked against the bank's own answers.

describe('the lifecycle rules of the public entry', () => {
  it('reads a basket’s status from the state exactly as GET …/status answers it (part 3 rule 1)', async () => {
    const sb = newSandbox();
    const ids = await kariPayments(sb, 3);
    const created = await createBasket(sb, ids);
    const basketId: string = created.body.basketId;
    const fromState = async () => {
      const s = await state(sb);
      return basketStatusOf(s, basketById(s, basketId)!);
    };
    expect(await fromState()).toBe('RCVD');
    expect(await basketStatus(sb, basketId)).toBe('RCVD');
    await approve(sb, ids[0]!);
    expect(await fromState()).toBe('PATC');
    expect(await basketStatus(sb, basketId)).toBe('PATC');
    await api(
      sb,
      'DELETE',
      `/v1/payments/norwegian-domestic-credit-transfers/${encodeURIComponent(ids[2]!)}`,
    );
    expect(await fromState()).toBe('RJCT');
    expect(await basketStatus(sb, basketId)).toBe('RJCT');
  });

  it('takes the worst case over payment statuses: rejected or unknown, then waiting, then authorised', () => {
    expect(worstCaseStatus(['RCVD', 'RCVD'])).toBe('RCVD');
    expect(worstCaseStatus(['ACTC', 'ACSC', 'ACCP'])).toBe('ACTC');
    expect(worstCaseStatus(['RCVD', 'ACSC'])).toBe('PATC');
    expect(worstCaseStatus(['RCVD', 'CANC'])).toBe('RJCT');
    expect(worstCaseStatus(['ACSC', undefined])).toBe('RJCT');
  });

  it('gives every payment status a row in the lifecycle, and the final ones no way out', () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const status of FINAL_PAYMENT_STATUSES) expect(PAYMENT_TRANSITIONS[status]).toEqual([]);
    expect(PAYMENT_TRANSITIONS.RCVD).toContain('ACTC');
  });

  it('says when a consent needs a new SCA and how long its session is live (part 5.2 rules 6 and 7)', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: AIS_KARI, context: 'PRIVATE', accounts: 'all' });
    const list = await aisApi(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    const accountId: string = list.body.accounts[0].resourceId;
    const [granted] = consentList(sb.getState());
    const [session] = sessionList(sb.getState());
    const scaAt = granted!.scaAt;
    expect(isSessionActive(session!, scaAt + SESSION_MS - 1)).toBe(true);
    expect(isSessionActive(session!, scaAt + SESSION_MS)).toBe(false);

    const headers = { ...psu.headers, 'tpp-session-id': 'later' };
    const balances = () => aisApi(sb, 'GET', `/v1/accounts/${accountId}/balances`, { headers });
    const minutesToDue = (consentRenewalDue(granted!) - scaAt) / 60_000;
    await advanceAis(sb, minutesToDue - 1);
    expect((await balances()).status).toBe(200);
    await advanceAis(sb, 1);
    expect((await balances()).status).toBe(401);
  });
});
