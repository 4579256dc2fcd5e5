import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The SCA flow ends with the engine's `303 See Other` to the TPP-Redirect-URI (ARCHITECTURE.md,
// SCA pages). The Sandbank worker hands the engine's Response to respondWith unchanged; this pins
// down that Chromium follows such a synthesized 303 for a form-post navigation, as it would from a server.
const REDIRECTING_WORKER = `
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.pathname !== '/_sandbank/sca/finish') return;
  event.respondWith(
    event.request.text().then(
      (body) => new Response(null, { status: 303, headers: { location: '/callback?state=xyz&' + body } }),
    ),
  );
});
`;

let browser: Browser;
let app: AppServer;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startAppServer({ worker: REDIRECTING_WORKER })]);
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a 303 answered by a service worker', () => {
  test('is followed by the browser to the redirect URI with a GET', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.origin}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sandbank-sw.js');
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller === null) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await page.setContent(
      '<form method="post" action="/_sandbank/sca/finish"><button name="action" value="approve">ok</button></form>',
    );
    await Promise.all([page.waitForURL('**/callback?**'), page.click('button')]);
    expect(new URL(page.url()).pathname).toBe('/callback');
    expect(new URL(page.url()).search).toBe('?state=xyz&action=approve');
    expect(await page.textContent('body')).toContain('callback');
    expect(app.seen).toContain('GET /callback?state=xyz&action=approve');
    expect(app.seen.some((line) => line.startsWith('POST'))).toBe(false);
    await context.close();
  });
});
