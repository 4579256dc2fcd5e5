import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import { openControlledPage, signedFetch, stopWorkers } from '@sandbank/test-support/browser/page';
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

const KARI = '13039319955';
const SESSION = 'browser-session-1';

describe('the consent SCA as a browser walks it through the worker', () => {
  test('ends on the TPP callback with psu-id, and the consented accounts are then readable', async () => {
    const context = await browser.newContext();
    try {
      const page = await openControlledPage(context, app.origin);
      const redirectUri = `${app.origin}/callback`;
      const created = await signedFetch(page, '/v1/bank-offered-consents', {
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
      expect(new URL(href).origin).toBe(app.origin);

      // The SCA pages are documents the worker serves; the PSU fills and submits them with clicks.
      await page.goto(href);
      await page.fill('input[name=nationalIdentityNumber]', KARI);
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      if ((await page.$('input[name=context]')) !== null) {
        await page.check('input[name=context][value=PRIVATE]');
        await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      }
      const boxes = await page.$$('input[type=checkbox][name=accounts]');
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) await box.check();
      await Promise.all([page.waitForURL('**/callback?**'), page.click('button[value=approve]')]);

      // The browser followed the worker's 303 to the app with a GET, which the network served.
      const callback = new URL(page.url());
      expect(callback.pathname).toBe('/callback');
      expect(callback.searchParams.get('tpp-session-id')).toBe(SESSION);
      expect(callback.searchParams.get('context')).toBe('PRIVATE');
      const psuId = callback.searchParams.get('psu-id');
      expect(psuId).toMatch(/^[0-9a-f-]{36}$/);
      expect(app.seen).toContain(`GET ${callback.pathname}${callback.search}`);
      expect(await page.textContent('body')).toContain('callback');

      // The callback page is controlled too: it reads the accounts the PSU consented to.
      const accounts = await signedFetch(page, '/v1/accounts', {
        headers: {
          'X-Request-ID': crypto.randomUUID(),
          'PSU-ID': psuId ?? '',
          'TPP-Session-ID': SESSION,
          'TPP-Redirect-URI': redirectUri,
          'X-Accept-Fix': 'amount-as-string',
        },
      });
      expect(accounts.status).toBe(200);
      const list = (JSON.parse(accounts.body) as { accounts: Array<{ resourceId: string }> }).accounts;
      expect(list.length).toBe(boxes.length - 1); // two accounts ticked, and Kari's card account
    } finally {
      await context.close();
    }
  });

  test('keeps the PSU’s page session across a worker restart, refuses a forged post, and cannot be framed', async () => {
    const context = await browser.newContext();
    try {
      const page = await openControlledPage(context, app.origin);
      const created = await signedFetch(page, '/v1/bank-offered-consents', {
        method: 'POST',
        headers: {
          'X-Request-ID': crypto.randomUUID(),
          'TPP-Redirect-URI': `${app.origin}/callback`,
          'TPP-Session-ID': 'browser-session-2',
        },
      });
      const href = (JSON.parse(created.body) as { _links: { scaRedirect: { href: string } } })._links
        .scaRedirect.href;

      const opened = await page.goto(href);
      const headers = opened?.headers() ?? {};
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cache-control']).toBe('no-store');
      // The worker keeps the session in its own jar: no script of the page sees it.
      expect(await page.evaluate(() => document.cookie)).toBe('');
      await page.fill('input[name=nationalIdentityNumber]', KARI);
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      expect(await page.textContent('body')).toContain('Signed in as');

      // The browser stops idle workers; the next page still belongs to this browser's session.
      await stopWorkers(page);
      await page.check('input[name=context][value=PRIVATE]');
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      expect(await page.$$('input[type=checkbox][name=accounts]')).not.toHaveLength(0);

      // A post without the form's CSRF token (here from a script of the app, same origin) is refused;
      // the SCA page's own CSP would not even let a script there fetch.
      await page.goto(`${app.origin}/`);
      const forged = await page.evaluate(
        async (target) =>
          (await fetch(target, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }) })).status,
        href,
      );
      expect(forged).toBe(403);

      // Another page may not frame the approve button.
      await page.evaluate((target) => {
        const frame = document.createElement('iframe');
        frame.src = target;
        document.body.append(frame);
        return new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      }, href);
      const framed = page.frames().find((f) => f !== page.mainFrame());
      expect(await framed?.$('button[value=approve]')).toBeNull();

      // The forged post changed nothing: the PSU's browser is still at the consent page.
      await page.goto(href);
      expect(await page.textContent('body')).toContain('Share account information');
    } finally {
      await context.close();
    }
  });
});
