import { accountList } from '@sandbank/engine';
import { advance, api, consent, getPage, KARI, sandbox, submit, walkSca } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

// part 5.2 rule 6: "Creating a new session id before the old one expires requires a new SCA; when
// completed it invalidates the old id; when aborted the old id stays valid." A session id that never
// had an SCA, sent with a known PSU-ID, gets the SCA answer wherever SCA is required.

const hasLogin = (page: { form: { controls: { name: string }[] } | null }) =>
  page.form?.controls.some((c) => c.name === 'nationalIdentityNumber') ?? false;

describe.each(['sandbox', 'production'] as const)(
  'a new TPP-Session-ID (part 5.2 rule 6, %s profile)',
  (profile) => {
    it('gets 401 with scaRedirect on GET /v1/accounts and /v1/card-accounts with a known PSU-ID', async () => {
      const sb = sandbox({ profile });
      const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
      await advance(sb, 10);
      const fresh = { ...old.headers, 'tpp-session-id': 'session-new' };
      for (const path of ['/v1/accounts', '/v1/card-accounts']) {
        const answer = await api(sb, 'GET', path, { headers: fresh });
        expect(answer.status, path).toBe(401);
        expect(answer.body.tppMessages[0]).toMatchObject({
          category: 'ERROR',
          code: 'CONSENT_INVALID',
          text: expect.stringContaining('part 5.2 rule 6'),
        });
        expect(answer.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
        expect(answer.body.accounts).toBeUndefined();
      }
      // The old id stays valid meanwhile.
      expect((await api(sb, 'GET', '/v1/accounts', { headers: old.headers })).status).toBe(200);
    });

    it('asks the PSU to sign in; once the SCA completes the new id reads and the old id is invalidated', async () => {
      const sb = sandbox({ profile });
      const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
      const fresh = { ...old.headers, 'tpp-session-id': 'session-new' };
      const refused = await api(sb, 'GET', '/v1/accounts', { headers: fresh });
      const href = refused.body._links.scaRedirect.href as string;
      expect(hasLogin(await getPage(sb, href))).toBe(true);
      await walkSca(sb, href, { nationalId: KARI, accounts: 'all' });
      expect((await api(sb, 'GET', '/v1/accounts', { headers: fresh })).status).toBe(200);
      const withOld = await api(sb, 'GET', '/v1/accounts', { headers: old.headers });
      expect(withOld.status).toBe(401);
      expect(withOld.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    });

    it('keeps the old id valid, and the new one refused, when the SCA under the new id is aborted', async () => {
      const sb = sandbox({ profile });
      const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
      const fresh = { ...old.headers, 'tpp-session-id': 'session-new' };
      const refused = await api(sb, 'GET', '/v1/accounts', { headers: fresh });
      const href = refused.body._links.scaRedirect.href as string;
      await submit(sb, href, await getPage(sb, href), {}, 'cancel');
      expect((await api(sb, 'GET', '/v1/accounts', { headers: old.headers })).status).toBe(200);
      expect((await api(sb, 'GET', '/v1/accounts', { headers: fresh })).status).toBe(401);
    });

    it('treats a session id of another PSU as new for this PSU', async () => {
      const sb = sandbox({ profile });
      const kari = await consent(
        sb,
        { nationalId: KARI, context: 'PRIVATE', accounts: 'all' },
        'session-kari',
      );
      await consent(sb, { nationalId: '12085592767', context: 'PRIVATE', accounts: 'all' }, 'session-ola');
      const answer = await api(sb, 'GET', '/v1/accounts', {
        headers: { ...kari.headers, 'tpp-session-id': 'session-ola' },
      });
      expect(answer.status).toBe(401);
      expect(answer.body._links.scaRedirect).toBeDefined();
    });

    it('reads balances and transactions of the last 90 days without a new SCA, but not older history', async () => {
      const sb = sandbox({ profile });
      const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
      const fresh = { ...old.headers, 'tpp-session-id': 'session-new' };
      const account = accountList(sb.getState()).find((a) => a.customerNumber === KARI);
      const id = account?.id ?? '';
      expect((await api(sb, 'GET', `/v1/accounts/${id}/balances`, { headers: fresh })).status).toBe(200);
      const recent = await api(sb, 'GET', `/v1/accounts/${id}/transactions?bookingStatus=both`, {
        headers: fresh,
      });
      expect(recent.status).toBe(200);
      const older = await api(
        sb,
        'GET',
        `/v1/accounts/${id}/transactions?bookingStatus=booked&dateFrom=2025-01-01`,
        {
          headers: fresh,
        },
      );
      expect(older.status).toBe(401);
      expect(older.body._links.scaRedirect).toBeDefined();
      const oldSession = await api(
        sb,
        'GET',
        `/v1/accounts/${id}/transactions?bookingStatus=booked&dateFrom=2025-01-01`,
        { headers: old.headers },
      );
      expect(oldSession.status).toBe(200);
    });
  },
);
