// Every answer of the bank's pages says it may not be framed, runs no script, leaks no
// referrer and is not cached; the pages themselves work without JavaScript.

import {
  anotherBrowser,
  browserOf,
  getPage,
  KARI,
  ORIGIN,
  REDIRECT_URI,
  sandbox,
  startConsent,
  submit,
  walkSca,
} from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

/** The headers of a GET the browser makes, as a fetch would see them. */
async function headersOf(sb: ReturnType<typeof sandbox>, href: string, init: RequestInit = {}) {
  const cookie = await browserOf(sb).jar.getCookieString(href);
  const response = await sb.fetch(new Request(href, { ...init, headers: { cookie }, redirect: 'manual' }));
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function expectPageHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('script-src');
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}

describe('the headers of the bank pages', () => {
  it('are sent with every step of the SCA, and the pages hold no script', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const { pages } = await walkSca(sb, href, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    for (const page of pages.slice(0, -1)) expect(page.html).not.toMatch(/<script|javascript:|\son\w+=/i);
    // Each step again, as its GET answers it.
    const login = await headersOf(sb, await startConsent(sb));
    expectPageHeaders(login.headers);
  });

  it('let the form end at the TPP: form-action names the TPP-Redirect-URI origin, and the 303 has them too', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    const login = await headersOf(sb, href);
    expect(login.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(REDIRECT_URI).origin};`,
    );
    const { final } = await walkSca(sb, href, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    expect(final.status).toBe(303);
    const cancelled = await startConsent(sb);
    const response = await sb.fetch(
      new Request(cancelled, {
        method: 'POST',
        headers: { cookie: await browserOf(sb).jar.getCookieString(cancelled) },
      }),
    );
    expectPageHeaders(response.headers);
  });

  it('are sent with the closed, unknown and refused pages and with the redirect to the TPP', async () => {
    const sb = sandbox();
    const href = await startConsent(sb);
    await walkSca(sb, href, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const reused = await headersOf(sb, href);
    expect(reused.status).toBe(303);
    expectPageHeaders(reused.headers);
    const unknown = await headersOf(sb, `${ORIGIN}/_sandbank/sca/enc!!nothing==`);
    expect(unknown.status).toBe(404);
    expectPageHeaders(unknown.headers);
    const live = await startConsent(sb);
    const refused = await sb.fetch(
      new Request(live, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }) }),
    );
    expect(refused.status).toBe(403);
    expectPageHeaders(refused.headers);
  });

  it('are sent with the consent overview, signed in or not', async () => {
    const sb = sandbox();
    const page = `${ORIGIN}/_sandbank/consents`;
    expectPageHeaders((await headersOf(sb, page)).headers);
    const browser = anotherBrowser();
    const signIn = await getPage(sb, page, browser);
    const overview = await submit(sb, page, signIn, { nationalIdentityNumber: KARI }, 'approve', browser);
    expect(overview.status).toBe(200);
    const cookie = await browser.jar.getCookieString(page);
    const response = await sb.fetch(new Request(page, { headers: { cookie } }));
    expect(await response.text()).toContain('Signed in as');
    expectPageHeaders(response.headers);
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self';");
  });
});
