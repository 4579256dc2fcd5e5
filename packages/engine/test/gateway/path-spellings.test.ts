import { fixedSandbox, ORIGIN } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';
import { checkTarget, parseHost } from '../../src/gateway/http-rules.js';

// Issue 16 item 2 in sandbox.fetch (and so in the service worker): a URL parsed by WHATWG rules has
// lost its dot segments, but `//` and encoded slashes survive and must not reach the router.

describe('sandbox.fetch: paths in normal form only', () => {
  it.each([
    '/_sandbank//state',
    '/v1//accounts',
    '/v1/accounts%2f..%2f..%2f_sandbank%2fstate',
    '/v1/accounts%5C..',
  ])('refuses %s with 400 BAD_REQUEST', async (path) => {
    const answer = await fixedSandbox().fetch(new Request(`${ORIGIN}${path}`));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ tppMessages: [{ code: 'BAD_REQUEST' }] });
  });

  it('routes a path whose dot segments the URL parser already resolved, as a browser sends it', async () => {
    const answer = await fixedSandbox().fetch(new Request(`${ORIGIN}/v1/%2e%2e/_sandbank/clock`));
    expect(new URL(`${ORIGIN}/v1/%2e%2e/_sandbank/clock`).pathname).toBe('/_sandbank/clock');
    expect(answer.status).toBe(200);
  });

  it('answers an unknown method on an unknown path with 405 and the methods the bank uses', async () => {
    const answer = await fixedSandbox().fetch(new Request(`${ORIGIN}/nothing`, { method: 'FOO' }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST, PUT, DELETE');
  });

  it('keeps the path-specific Allow of a known path', async () => {
    const answer = await fixedSandbox().fetch(new Request(`${ORIGIN}/_sandbank/reset`, { method: 'FOO' }));
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('the request-line rules the HTTP adapter applies', () => {
  it('keeps a target in normal form as it was sent, query included', () => {
    expect(checkTarget('/v1/accounts/a%20b?withBalance=true')).toEqual({
      authority: null,
      path: '/v1/accounts/a%20b',
      search: '?withBalance=true',
    });
  });

  it.each(['/v1/accounts?withBalance=true#top', '/v1/accounts?#', 'http://localhost/v1/accounts?a#b'])(
    'refuses a fragment after the query of %s, which no client sends',
    (target) => {
      const refused = checkTarget(target);
      expect(refused).toMatchObject({ status: 400, messages: [{ code: 'BAD_REQUEST' }] });
      expect((refused as Error).message).toContain('fragment');
    },
  );

  it('takes the path of an absolute-form target and hands its authority to the Host check', () => {
    expect(checkTarget('http://localhost:8731/_sandbank/clock')).toEqual({
      authority: 'localhost:8731',
      path: '/_sandbank/clock',
      search: '',
    });
  });

  it('reads Host names in lower case without a trailing dot, IPv6 without brackets', () => {
    expect(parseHost('LocalHost.:8731')).toEqual({ hostname: 'localhost', port: 8731 });
    expect(parseHost('[::1]:80')).toEqual({ hostname: '::1', port: 80 });
  });
});
