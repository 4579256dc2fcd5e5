import { authorisationById } from '@sandbank/engine';
// Every form of the bank's pages carries a CSRF token bound to the browser's session; a
// post without the session cookie, without the token or with another one is refused with 403 and
// changes nothing.

import {
  anotherBrowser,
  controls,
  getPage,
  KARI,
  ORIGIN,
  type Page,
  postPage,
  sandbox,
  startConsent,
  submit,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

const idOf = (href: string) => href.split('/').pop() ?? '';
const tokenOf = (page: Page) => controls(page, 'csrfToken')[0]?.value ?? '';

/** A post as another site's page makes it: no cookie the bank set, the fields the attacker chose. */
async function crossSitePost(sb: ReturnType<typeof sandbox>, href: string, fields: Record<string, string>) {
  const response = await sb.fetch(
    new Request(href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return { status: response.status, html: await response.text(), headers: response.headers };
}

describe('a form post to an SCA page', () => {
  it('carries the token as a hidden field of every form', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    expect(controls(login, 'csrfToken')).toEqual([expect.objectContaining({ type: 'hidden' })]);
    const next = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(tokenOf(next)).toBe(tokenOf(login));
  });

  it('without the session cookie is refused with 403, changing nothing', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const refused = await crossSitePost(sb, href, {
      csrfToken: tokenOf(login),
      nationalIdentityNumber: KARI,
      action: 'approve',
    });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('could not match this form to your browser');
    expect(refused.headers.get('x-frame-options')).toBe('DENY');
    expect(authorisationById(sb.getState(), idOf(href))?.status).toBe('started');
  });

  it('with the cookie but no token, or another browser’s token, is refused with 403', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await getPage(sb, href);
    const missing = await postPage(
      sb,
      href,
      new URLSearchParams({ nationalIdentityNumber: KARI, action: 'approve' }),
    );
    expect(missing.status).toBe(403);
    const theirs = tokenOf(await getPage(sb, href, anotherBrowser()));
    expect(theirs).not.toBe(tokenOf(login));
    const wrong = await postPage(
      sb,
      href,
      new URLSearchParams({ csrfToken: theirs, nationalIdentityNumber: KARI, action: 'approve' }),
    );
    expect(wrong.status).toBe(403);
    expect(authorisationById(sb.getState(), idOf(href))?.status).toBe('started');
  });

  it('cannot cancel the PSU’s authorisation from another site', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await submit(sb, href, await getPage(sb, href), { nationalIdentityNumber: KARI });
    const refused = await crossSitePost(sb, href, { action: 'cancel' });
    expect(refused.status).toBe(403);
    expect(authorisationById(sb.getState(), idOf(href))?.status).toBe('psuIdentified');
  });
});

describe('a form post to the consent overview', () => {
  const PAGE = `${ORIGIN}/_sandbank/consents`;

  it('with only a national id, from another site, is refused with 403 and shows no consents', async () => {
    const sb = sandbox();
    const refused = await crossSitePost(sb, PAGE, { nationalIdentityNumber: KARI, action: 'approve' });
    expect(refused.status).toBe(403);
    expect(refused.html).not.toContain('Signed in as');
    expect(refused.html).not.toContain('name="accounts"');
  });

  it('with a token from a page this browser was shown is accepted', async () => {
    const sb = sandbox();
    const signIn = await getPage(sb, PAGE);
    const overview = await submit(sb, PAGE, signIn, { nationalIdentityNumber: KARI });
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('Signed in as');
  });
});
