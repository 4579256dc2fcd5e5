// Over `sandbank serve`: the SCA pages and the consent overview as a bank's login.
// Browsers are cookie jars (tough-cookie) that post back every field of the form they were given;
// attackers are plain requests from another site, or a second browser that got hold of the link.

import type { Sandbox } from '@sandbank/engine';
import {
  anotherBrowser,
  controls,
  getPage,
  KARI,
  OLA,
  redirectParams,
  startConsent,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { signing } from '@sandbank/test-support/signing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttackBank, BANKS, send, startAttackBank } from './support.js';

/** A form post as another site's page makes it: no cookie of the bank, only the fields it chose. */
function crossSite(href: string, fields: Record<string, string>): Request {
  return new Request(href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A new TPP-Session-ID each time: within an hour of an SCA under the same one, no sign-in is asked. */
const fresh = () => ({ 'tpp-session-id': crypto.randomUUID() });

describe.each(BANKS)('the pages of a $profile bank on $host', ({ profile, host }) => {
  let bank: AttackBank;
  let sb: Sandbox;

  beforeAll(async () => {
    bank = await startAttackBank(profile, host);
    sb = signing(bank.sandbox);
  });
  afterAll(async () => {
    await bank?.stop();
  });

  it('GET of an SCA link: 200 with CSP frame-ancestors, X-Frame-Options, no referrer, no-store and an HttpOnly Lax cookie', async () => {
    const href = await startConsent(sb, fresh());
    const answer = await send(bank, new Request(href));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/; Path=\/_sandbank\/; HttpOnly; SameSite=Lax$/);
    expect(answer.text).not.toMatch(/<script/i);
  });

  it('a browser that keeps cookies and posts every hidden field: walks to 303 at the TPP', async () => {
    const href = await startConsent(sb, fresh());
    const { final, params } = await walkSca(sb, href, {
      nationalId: KARI,
      context: 'PRIVATE',
      accounts: 'all',
    });
    expect(final.status).toBe(303);
    expect(final.location?.startsWith('https://tpp.example/callback?')).toBe(true);
    expect(params.get('psu-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a cross-site POST with a national id and approve: 403, the link still at sign-in', async () => {
    const href = await startConsent(sb, fresh());
    const forged = await send(bank, crossSite(href, { nationalIdentityNumber: KARI, action: 'approve' }));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-frame-options')).toBe('DENY');
    expect(controls(await getPage(sb, href, anotherBrowser()), 'nationalIdentityNumber')).toHaveLength(1);
  });

  it('a cross-site POST that cancels the PSU’s signed-in SCA: 403, the PSU goes on', async () => {
    const href = await startConsent(sb, fresh());
    const psu = anotherBrowser();
    const signedIn = await submit(
      sb,
      href,
      await getPage(sb, href, psu),
      { nationalIdentityNumber: KARI },
      'approve',
      psu,
    );
    expect((await send(bank, crossSite(href, { action: 'cancel' }))).status).toBe(403);
    const next = await submit(sb, href, signedIn, { context: 'PRIVATE' }, 'approve', psu);
    expect(controls(next, 'accounts').length).toBeGreaterThan(0);
  });

  it('a POST with the cookie but no CSRF token: 403', async () => {
    const href = await startConsent(sb, fresh());
    const psu = anotherBrowser();
    const login = await getPage(sb, href, psu);
    const noToken = {
      ...login,
      form: login.form && {
        ...login.form,
        controls: login.form.controls.filter((c) => c.name !== 'csrfToken'),
      },
    };
    expect((await submit(sb, href, noToken, { nationalIdentityNumber: KARI }, 'approve', psu)).status).toBe(
      403,
    );
  });

  it('another browser opening the link after the PSU signed in: 200, the sign-in page, not the PSU', async () => {
    const href = await startConsent(sb, fresh());
    await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    const stranger = await getPage(sb, href, anotherBrowser());
    expect(stranger.status).toBe(200);
    expect(controls(stranger, 'nationalIdentityNumber')).toHaveLength(1);
    expect(stranger.html).not.toContain('Signed in as');
  });

  it('another browser signing in as someone else on that link: 303 to the TPP with PSU_CREDENTIALS_INVALID', async () => {
    const href = await startConsent(sb, fresh());
    await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    const stranger = anotherBrowser();
    const failed = await submit(
      sb,
      href,
      await getPage(sb, href, stranger),
      { nationalIdentityNumber: OLA },
      'approve',
      stranger,
    );
    expect(failed.status).toBe(303);
    expect(redirectParams(failed).get('code')).toBe('PSU_CREDENTIALS_INVALID');
  });

  it('a cross-site POST to the consent overview with only a national id: 403, no consents shown', async () => {
    const overview = `${bank.url}/_sandbank/consents`;
    const forged = await send(bank, crossSite(overview, { nationalIdentityNumber: KARI, action: 'approve' }));
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain('Signed in as');
    const psu = anotherBrowser();
    const signedIn = await submit(
      sb,
      overview,
      await getPage(sb, overview, psu),
      { nationalIdentityNumber: KARI },
      'approve',
      psu,
    );
    expect(signedIn.html).toContain('Signed in as');
    expect((await getPage(sb, overview, anotherBrowser())).html).not.toContain('Signed in as');
  });
});
