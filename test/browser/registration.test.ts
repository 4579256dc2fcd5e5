import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import { openControlledPage, pageFetch, registered } from '@sandbank/test-support/browser/page';
import { describe, expect, test } from 'vitest';

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

  test("answers its control plane to its own origin's pages only", async () => {
    const page = await openControlledPage(env.context, env.app.origin);
    const moved = await pageFetch(page, '/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 600 }),
    });
    expect(moved.status).toBe(200);
    const offset = async () =>
      (JSON.parse((await pageFetch(page, '/_sandbank/clock')).body) as { offsetMs: number }).offsetMs;
    expect(await offset()).toBe(600 * 60_000);
    // Another origin (127.0.0.1 is not localhost) posts a bodyless reset, then links to the state.
    const foreign = await env.context.newPage();
    const from = async (html: string) => {
      await foreign.goto(env.app.origin.replace('localhost', '127.0.0.1'));
      await foreign.setContent(html);
    };
    await from(
      `<form method="post" action="${env.app.origin}/_sandbank/reset"><button id="go">go</button></form>`,
    );
    const [reset] = await Promise.all([foreign.waitForNavigation(), foreign.click('#go')]);
    expect(reset?.fromServiceWorker()).toBe(true);
    expect(reset?.status()).toBe(403);
    expect(await foreign.textContent('body')).toContain('FORBIDDEN');
    await from(`<a id="go" href="${env.app.origin}/_sandbank/state">state</a>`);
    const [state] = await Promise.all([foreign.waitForNavigation(), foreign.click('#go')]);
    expect(state?.fromServiceWorker()).toBe(true);
    expect(state?.status()).toBe(403);
    expect(await offset()).toBe(600 * 60_000);
  });
});
