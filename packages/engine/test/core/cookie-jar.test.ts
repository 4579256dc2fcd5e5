// A transport that cannot carry cookies (a service worker, an engine in the page) keeps them in a
// jar the engine reads and writes: the bank's pages work the same as over HTTP.

import { KARI, START, startConsent } from '@sandbank/test-support/ais';
import { parseForm } from '@sandbank/test-support/form';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar, createSandbox } from '../../src/index.js';

describe('the memory cookie jar', () => {
  it('sends a cookie below its path only, the longer path first', () => {
    const jar = createMemoryCookieJar();
    jar.store('http://localhost/_sandbank/sca/x', 'a=1; Path=/_sandbank/; HttpOnly; SameSite=Lax');
    jar.store('http://localhost/_sandbank/sca/x', 'b=2; Path=/_sandbank/sca/');
    expect(jar.cookie('http://localhost/_sandbank/sca/x')).toBe('b=2; a=1');
    expect(jar.cookie('http://localhost/_sandbank/consents')).toBe('a=1');
    expect(jar.cookie('http://localhost/_sandbankx')).toBeNull();
    expect(jar.cookie('http://localhost/v1/accounts')).toBeNull();
  });

  it('replaces a cookie of the same name and path, and drops one set with Max-Age=0', () => {
    const jar = createMemoryCookieJar();
    jar.store('http://localhost/_sandbank/consents', 'a=1; Path=/_sandbank/');
    jar.store('http://localhost/_sandbank/consents', 'a=2; Path=/_sandbank/');
    expect(jar.cookies()).toEqual([{ name: 'a', value: '2', path: '/_sandbank/' }]);
    jar.store('http://localhost/_sandbank/consents', 'a=; Path=/_sandbank/; Max-Age=0');
    expect(jar.cookies()).toEqual([]);
  });

  it('starts from stored cookies and reports every change', () => {
    const seen: unknown[] = [];
    const jar = createMemoryCookieJar([{ name: 'a', value: '1', path: '/' }], (cookies) => {
      seen.push(cookies);
    });
    jar.store('http://localhost/x/y', 'b=2');
    expect(seen).toEqual([
      [
        { name: 'a', value: '1', path: '/' },
        { name: 'b', value: '2', path: '/x' },
      ],
    ]);
  });
});

describe('a sandbox with a cookie jar', () => {
  it('walks the SCA pages for a client that sends no cookies itself', async () => {
    const sb = signing(
      createSandbox({
        now: () => START,
        registeredTpps: [TEST_TPP_REGISTRATION],
        cookieJar: createMemoryCookieJar(),
      }),
    );
    const href = await startConsent(sb);
    const login = await sb.fetch(new Request(href));
    const form = parseForm(await login.text());
    const token = form?.controls.find((c) => c.name === 'csrfToken')?.value ?? '';
    const next = await sb.fetch(
      new Request(href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: token, nationalIdentityNumber: KARI, action: 'approve' }),
      }),
    );
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('Signed in as');
  });
});
