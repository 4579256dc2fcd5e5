import { advance, api, consent, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

describe('transaction history older than 90 days (part 5.2 rule 7)', () => {
  it('is open right after the SCA', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    const id = list.body.accounts[0].resourceId;
    const answer = await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=booked&limit=1000`, {
      headers: psu.headers,
    });
    const dates: string[] = answer.body.transactions.booked.map(
      (t: { bookingDate: string }) => t.bookingDate,
    );
    expect(dates.some((d) => d < '2025-12-02')).toBe(true);
  });

  it('needs a new SCA an hour later, and an open dateFrom is cut to 90 days', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    const id = list.body.accounts[0].resourceId;
    await advance(sb, 61);
    const open = await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=booked&limit=1000`, {
      headers: psu.headers,
    });
    expect(open.status).toBe(200);
    const dates: string[] = open.body.transactions.booked.map((t: { bookingDate: string }) => t.bookingDate);
    expect(dates.every((d) => d >= '2025-12-02')).toBe(true);
    const old = await api(
      sb,
      'GET',
      `/v1/accounts/${id}/transactions?bookingStatus=booked&dateFrom=2025-11-15`,
      {
        headers: psu.headers,
      },
    );
    expect(old.status).toBe(401);
    expect(old.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    expect(old.body._links.scaRedirect.href).toBeTruthy();
  });
});
