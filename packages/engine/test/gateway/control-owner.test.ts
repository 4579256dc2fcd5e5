import { describe, expect, it } from 'vitest';
import {
  controlRefusal,
  isControlPath,
  pageControlRefusal,
  tokensEqual,
} from '../../src/gateway/control-owner.js';

// Issue 16 item 1: who owns the control plane, as the adapters ask it (docs/security.md, "The control
// plane's owner"). Over HTTP and in Chromium: test/attack/control-plane-and-adapter.test.ts and
// test/browser/registration.test.ts.

const OWN = 'http://localhost:5173';

describe('the control plane', () => {
  it('is /_sandbank/* without the PSU pages (SCA pages, consent overview)', () => {
    expect(isControlPath('/_sandbank/state')).toBe(true);
    expect(isControlPath('/_sandbank/tpps/PSDNO-FSA-1')).toBe(true);
    expect(isControlPath('/_sandbank/sca/abc')).toBe(false);
    expect(isControlPath('/_sandbank/consents')).toBe(false);
    expect(isControlPath('/v1/accounts')).toBe(false);
  });

  it('compares tokens whatever their lengths, equal only when equal', () => {
    expect(tokensEqual('secret-token', 'secret-token')).toBe(true);
    expect(tokensEqual('secret-toke', 'secret-token')).toBe(false);
    expect(tokensEqual('secret-tokenn', 'secret-token')).toBe(false);
    expect(tokensEqual('', 'secret-token')).toBe(false);
    expect(tokensEqual('Secret-token', 'secret-token')).toBe(false);
  });

  it('wants Bearer, not another scheme, in token mode', () => {
    const call = (authorization: string) => ({
      method: 'GET',
      headers: new Headers({ authorization }),
      ownOrigins: [OWN],
    });
    const access = { kind: 'token', token: 'the-token-0123456789' } as const;
    expect(controlRefusal(call('Basic dGhlLXRva2Vu'), access)?.status).toBe(401);
    expect(controlRefusal(call('Bearer the-token-0123456789'), access)).toBeNull();
    expect(controlRefusal(call('bearer  the-token-0123456789 '), access)).toBeNull();
  });
});

describe("the service worker's control plane", () => {
  const request = (init: { method?: string; mode?: string; referrer?: string; origin?: string }) => ({
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    referrer: init.referrer ?? '',
    headers: new Headers(init.origin === undefined ? {} : { origin: init.origin }),
  });

  it("answers its own pages' fetches and navigations", () => {
    expect(pageControlRefusal(request({ method: 'POST', origin: OWN }), OWN)).toBeNull();
    expect(pageControlRefusal(request({ mode: 'navigate', referrer: `${OWN}/app` }), OWN)).toBeNull();
    expect(
      pageControlRefusal(request({ method: 'POST', mode: 'navigate', referrer: `${OWN}/` }), OWN),
    ).toBeNull();
  });

  it('answers a typed-in address (a GET navigation that names no referrer)', () => {
    expect(pageControlRefusal(request({ mode: 'navigate' }), OWN)).toBeNull();
  });

  it('refuses other origins: their Origin, their navigations, and changes that do not say where they come from', () => {
    for (const refused of [
      request({ method: 'POST', origin: 'http://evil.example' }),
      request({ mode: 'navigate', referrer: 'http://evil.example/page' }),
      request({ method: 'POST', mode: 'navigate', referrer: 'http://evil.example/page' }),
      request({ method: 'POST', mode: 'navigate' }),
    ]) {
      expect(pageControlRefusal(refused, OWN)).toMatchObject({ status: 403 });
    }
  });
});
