import { authorisationById, authorisationList, sessionList } from '@sandbank/engine';
import {
  advance,
  api,
  consent,
  getPage,
  KARI,
  NORDKAPP,
  OLA,
  ORIGIN,
  REDIRECT_URI,
  START,
  sandbox,
  startConsent,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/core/context.js';
import { putSession } from '../../src/core/records.js';
import { startAuthorisation } from '../../src/sca/start-authorisation.js';

const hasLogin = (page: { form: { controls: { name: string }[] } | null }) =>
  page.form?.controls.some((c) => c.name === 'nationalIdentityNumber') ?? false;

describe('TPP-Session-ID (part 5.2 rule 6)', () => {
  it('asks for no new sign-in within the hour of an SCA under the same session id', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    await advance(sb, 59);
    const href = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const first = await getPage(sb, href);
    expect(hasLogin(first)).toBe(false);
    expect(first.form?.controls.some((c) => c.name === 'accounts')).toBe(true);
  });

  it('counts the hour and the consent from the SCA itself: an approval without sign-in renews neither', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    await advance(sb, 59);
    const href = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    const confirm = await getPage(sb, href);
    expect(hasLogin(confirm)).toBe(false);
    expect((await submit(sb, href, confirm)).status).toBe(303);
    // Two minutes on, the hour of the one SCA is over: the list needs a new SCA, and so does a new consent.
    await advance(sb, 2);
    const list = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(list.status).toBe(401);
    expect(list.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    const again = await startConsent(sb, { 'psu-id': psu.psuId, 'psu-context': 'PRIVATE' });
    expect(hasLogin(await getPage(sb, again))).toBe(true);
  });

  it('asks for sign-in when PSU-Corporate-ID names an agreement the session PSU does not act under', async () => {
    const sb = sandbox();
    const nordkapp = await consent(
      sb,
      { nationalId: NORDKAPP, context: 'CORPORATE', accounts: 'all' },
      'other',
    );
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const href = await startConsent(sb, { 'psu-corporate-id': nordkapp.corporateId ?? '' });
    expect(hasLogin(await getPage(sb, href))).toBe(true);
  });

  it('asks for sign-in again once the hour is over', async () => {
    const sb = sandbox();
    await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    await advance(sb, 61);
    const href = await startConsent(sb, { 'psu-context': 'PRIVATE' });
    expect(hasLogin(await getPage(sb, href))).toBe(true);
  });

  it('asks for sign-in under a new session id, and the completed SCA invalidates the old id', async () => {
    const sb = sandbox();
    const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
    await advance(sb, 10);
    const href = await startConsent(sb, { 'tpp-session-id': 'session-new', 'psu-context': 'PRIVATE' });
    expect(hasLogin(await getPage(sb, href))).toBe(true);
    await walkSca(sb, href, { nationalId: KARI });
    const withOld = await api(sb, 'GET', '/v1/accounts', { headers: old.headers });
    expect(withOld.status).toBe(401);
    expect(withOld.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
    expect(withOld.body._links.scaRedirect.href).toMatch(/\/_sandbank\/sca\//);
    const withNew = await api(sb, 'GET', '/v1/accounts', {
      headers: { ...old.headers, 'tpp-session-id': 'session-new' },
    });
    expect(withNew.status).toBe(200);
  });

  it('invalidates only that PSU’s sessions with this TPP: another PSU’s stays valid', async () => {
    const sb = sandbox();
    const kari = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-kari');
    const ola = await consent(sb, { nationalId: OLA, context: 'PRIVATE', accounts: 'all' }, 'session-ola');
    await advance(sb, 10);
    const href = await startConsent(sb, { 'tpp-session-id': 'session-kari-2', 'psu-context': 'PRIVATE' });
    await walkSca(sb, href, { nationalId: KARI });
    expect((await api(sb, 'GET', '/v1/accounts', { headers: kari.headers })).status).toBe(401);
    expect((await api(sb, 'GET', '/v1/accounts', { headers: ola.headers })).status).toBe(200);
    expect(sessionList(sb.getState()).map((s) => [s.sessionId, s.status])).toEqual([
      ['session-kari', 'replaced'],
      ['session-ola', 'active'],
      ['session-kari-2', 'active'],
    ]);
  });

  it('keeps the old id valid when the SCA under a new id is aborted', async () => {
    const sb = sandbox();
    const old = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'session-old');
    const href = await startConsent(sb, { 'tpp-session-id': 'session-new' });
    const login = await getPage(sb, href);
    await submit(sb, href, login, {}, 'cancel');
    const withOld = await api(sb, 'GET', '/v1/accounts', { headers: old.headers });
    expect(withOld.status).toBe(200);
  });

  it('never exempts services with dynamic linking (payments) from signing in', () => {
    const sb = sandbox();
    const state = sb.getState();
    const ctx = {
      now: START,
      sourceNow: START,
      origin: ORIGIN,
      profile: 'sandbox',
      basePath: '/v1',
      fixes: new Set(),
      tpp: { kind: 'unchecked' },
      warnings: [],
    } as RequestContext;
    const headers = { 'tpp-session-id': 's', 'tpp-redirect-uri': REDIRECT_URI };
    const opened = produce(state, (draft) => {
      putSession(draft, 'unverified s', {
        tppId: 'unverified',
        sessionId: 's',
        nationalId: KARI,
        scaAt: START,
        expiresAt: START + 3_600_000,
        status: 'active',
      });
    });
    const after = produce(opened, (draft) => {
      const payment = startAuthorisation(draft, ctx, { kind: 'payment', resourceIds: ['p1'], headers });
      const consentAuth = startAuthorisation(draft, ctx, { kind: 'consent', resourceIds: [], headers });
      expect(payment.scaRedirect).toBe(`${ORIGIN}/_sandbank/sca/${payment.authorisationId}`);
      expect(authorisationById(draft, payment.authorisationId)?.status).toBe('started');
      expect(authorisationById(draft, consentAuth.authorisationId)?.status).toBe('psuIdentified');
    });
    expect(authorisationList(after)).toHaveLength(2);
  });
});
