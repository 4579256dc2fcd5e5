import { describe, expect, test } from 'vitest';
import { useBrowserApp } from './support/lifecycle.js';
import { openControlledPage, pageFetch, registered } from './support/page.js';

const env = useBrowserApp();

describe('the Sandbank worker in Chromium', () => {
  test('registerSandbox resolves once the worker controls the page', async () => {
    const page = await env.context.newPage();
    await page.goto(`${env.app.origin}/`);
    const handle = await registered(page);
    expect(handle).toEqual({ mode: 'service-worker', workerVersion: '0.1.0' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain(
      '/sandbank-sw.js',
    );
  });

  test("answers the page's fetch under /v1 and /_sandbank/ without the network", async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const before = env.app.seen.length;
    const api = await pageFetch(page, '/v1/sandbox/customers', {
      headers: { 'x-request-id': '6b7f3c8e-5c0a-4a4e-9a43-3f1f1b2f0c11' },
    });
    expect(api.status).not.toBe(502);
    expect(JSON.parse(api.body)).toBeTypeOf('object');
    const clock = await pageFetch(page, '/_sandbank/clock');
    expect(clock.status).toBe(200);
    expect(JSON.parse(clock.body)).toHaveProperty('now');
    expect(env.app.seen.slice(before)).toEqual([]);
  });

  test('lets every other request through to the network', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const other = await pageFetch(page, '/v1other/thing');
    expect(other).toEqual({ status: 404, body: 'from the network' });
    expect(env.app.seen).toContain('GET /v1other/thing');
  });

  test('serves a navigation to a page under /_sandbank/', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const before = env.app.seen.length;
    const response = await page.goto(`${env.app.origin}/_sandbank/clock`);
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await page.textContent('body')).toContain('"now"');
    expect(env.app.seen.slice(before)).toEqual([]);
  });

  test('answers a form post navigation from the worker', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    await page.setContent(
      '<form method="post" action="/_sandbank/clock"><input name="advanceMinutes" value="5"><button>go</button></form>',
    );
    const before = env.app.seen.length;
    const [response] = await Promise.all([page.waitForNavigation(), page.click('button')]);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.request().method()).toBe('POST');
    // The clock takes JSON, so the engine answers this form with its 415 error, proving it saw the post.
    expect(response?.status()).toBe(415);
    expect(env.app.seen.slice(before)).toEqual([]);
  });

  test('takes control again after a hard reload', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const session = await env.context.newCDPSession(page);
    await Promise.all([page.waitForNavigation(), session.send('Page.reload', { ignoreCache: true })]);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await registered(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect((await pageFetch(page, '/_sandbank/clock')).status).toBe(200);
  });

  test('resolves only when the worker with the new options controls the page', async () => {
    const page = await openControlledPage(env.context, env.app.origin, { compactEvery: 5 });
    await registered(page, { compactEvery: 7 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain(
      'compactEvery=7',
    );
  });

  test('reports the worker storage status', async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const storage = await pageFetch(page, '/_sandbank/storage');
    expect(JSON.parse(storage.body)).toMatchObject({ version: '0.1.0', durable: true, problem: null });
  });
});
