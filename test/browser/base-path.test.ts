import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import {
  approveConsentInPages,
  openControlledPage,
  pageFetch,
  signedFetch,
} from '@sandbank/test-support/browser/page';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let browser: Browser;
let app: AppServer;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startAppServer()]);
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const BASE = '/api-sandbox/v1';
const KARI = '13039319955';
const SESSION = 'base-path-session';

describe('the worker registered with basePath /api-sandbox/v1 (the platform sandbox path)', () => {
  test('serves the API there, its SCA pages and links included, and leaves /v1 to the network', async () => {
    const context = await browser.newContext();
    try {
      const page = await openControlledPage(context, app.origin, { basePath: BASE });
      const redirectUri = `${app.origin}/callback`;
      const created = await signedFetch(page, `${BASE}/bank-offered-consents`, {
        method: 'POST',
        headers: {
          'X-Request-ID': crypto.randomUUID(),
          'TPP-Redirect-URI': redirectUri,
          'TPP-Session-ID': SESSION,
        },
      });
      expect(created.status).toBe(201);
      const href = (JSON.parse(created.body) as { _links: { scaRedirect: { href: string } } })._links
        .scaRedirect.href;

      const callback = await approveConsentInPages(page, href, KARI);
      const psuId = callback.searchParams.get('psu-id') ?? '';
      expect(psuId).toMatch(/^[0-9a-f-]{36}$/);

      const accounts = await signedFetch(page, `${BASE}/accounts`, {
        headers: {
          'X-Request-ID': crypto.randomUUID(),
          'PSU-ID': psuId,
          'TPP-Session-ID': SESSION,
          'TPP-Redirect-URI': redirectUri,
          'X-Accept-Fix': 'amount-as-string',
        },
      });
      expect(accounts.status).toBe(200);
      const [first] = (
        JSON.parse(accounts.body) as { accounts: Array<{ _links: { self: { href: string } } }> }
      ).accounts;
      expect(first?._links.self.href.startsWith(`${BASE}/accounts/`)).toBe(true);

      // Outside the base path the worker steps aside: the app's own server answers.
      const outside = await pageFetch(page, '/v1/accounts');
      expect(outside).toEqual({ status: 404, body: 'from the network' });
      expect(app.seen).toContain('GET /v1/accounts');
    } finally {
      await context.close();
    }
  });
});
