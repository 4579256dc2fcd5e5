import { authorisationById } from '@sandbank/engine';
import { advance, api, consent, DAY_MINUTES, KARI, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

async function setUp() {
  const sb = sandbox();
  const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
  const id: string = list.body.accounts[0].resourceId;
  // later calls come without the session that ends after an hour
  const headers = { ...psu.headers, 'tpp-session-id': 'later' };
  return { sb, headers, id, session: psu.headers };
}

describe('how long a consent works (docs/platform-facts.md §5, part 5.2 rule 7)', () => {
  it('lists accounts and card accounts for 60 minutes after the consent SCA', async () => {
    // Under the consent's own session id: a new one would need its own SCA (part 5.2 rule 6).
    const { sb, session } = await setUp();
    await advance(sb, 59);
    expect((await api(sb, 'GET', '/v1/accounts', { headers: session })).status).toBe(200);
    await advance(sb, 2);
    for (const path of ['/v1/accounts', '/v1/card-accounts']) {
      const answer = await api(sb, 'GET', path, { headers: session });
      expect(answer.status).toBe(401);
      expect(answer.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
      expect(answer.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
    }
  });

  it('keeps transactions for 90 days and balances for the 180-day renewal interval', async () => {
    const { sb, headers, id } = await setUp();
    await advance(sb, 89 * DAY_MINUTES);
    expect(
      (await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=booked`, { headers })).status,
    ).toBe(200);
    await advance(sb, 2 * DAY_MINUTES);
    const transactions = await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=booked`, {
      headers,
    });
    expect(transactions.status).toBe(401);
    expect(transactions.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    expect((await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers })).status).toBe(200);
    await advance(sb, 90 * DAY_MINUTES);
    const balances = await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers });
    expect(balances.status).toBe(401);
    expect(balances.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    expect(balances.body._links.scaRedirect.href).toBeTruthy();
  });

  it('keeps the authorisation an expired answer points to', async () => {
    const { sb, headers } = await setUp();
    await advance(sb, 61);
    const answer = await api(sb, 'GET', '/v1/accounts', { headers });
    const id = String(answer.body._links.scaRedirect.href).split('/').pop() ?? '';
    expect(authorisationById(sb.getState(), id)?.kind).toBe('consent');
  });
});
