import { type AppServer, startAppServer, workerBundle } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import { pageFetch, registered } from '@sandbank/test-support/browser/page';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';

let browser: Browser;
let context: BrowserContext;
const servers: AppServer[] = [];

beforeAll(async () => {
  browser = await launchChromium();
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});
beforeEach(async () => {
  context = await browser.newContext();
});
afterEach(async () => {
  await context.close();
});

async function serve(worker?: string, files?: Record<string, [string, string]>): Promise<AppServer> {
  const server = await startAppServer({
    ...(worker === undefined ? {} : { worker }),
    ...(files === undefined ? {} : { files }),
  });
  servers.push(server);
  return server;
}

describe('registerSandbox checks', () => {
  test('warns when the worker script is from another version', async () => {
    const stale = (await workerBundle()).replaceAll('"0.1.0"', '"0.0.9"');
    expect(stale).toContain('"0.0.9"');
    const app = await serve(stale);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`${app.origin}/`);
    expect(await registered(page)).toEqual({ mode: 'service-worker', workerVersion: '0.0.9' });
    expect(warnings.join('\n')).toContain('is version 0.0.9, this library is 0.1.0');
  });

  test('rejects with a clear message when the page is outside the scope', async () => {
    const app = await serve();
    const page = await context.newPage();
    await page.goto(`${app.origin}/`);
    const message = await page.evaluate(async () => {
      const api = (window as unknown as { sandbank: { registerSandbox: (o: unknown) => Promise<unknown> } })
        .sandbank;
      return api.registerSandbox({ scope: '/somewhere/' }).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
    });
    expect(message).toContain("outside the worker's scope /somewhere/");
  });

  test('falls back to an in-page engine on an insecure page and says why', async () => {
    const app = await serve();
    const port = new URL(app.origin).port;
    const insecure = await launchChromium(['--host-resolver-rules=MAP sandbank.test 127.0.0.1']);
    try {
      const page = await insecure.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto(`http://sandbank.test:${port}/`);
      expect(await page.evaluate(() => isSecureContext)).toBe(false);
      expect(await registered(page)).toEqual({ mode: 'in-page', workerVersion: '0.1.0' });
      expect(warnings.join('\n')).toContain('is not a secure context');
      const before = app.seen.length;
      expect((await pageFetch(page, '/_sandbank/clock')).status).toBe(200);
      expect(app.seen.slice(before)).toEqual([]);
    } finally {
      await insecure.close();
    }
  });

  test('explains a missing worker script: what was served and how to serve it', async () => {
    const app = await serve();
    const message = await registrationError(app, '/missing-sw.js');
    expect(message).toContain('registering the worker failed');
    expect(message).toContain('Nothing is served at /missing-sw.js: the server answered 404');
    expect(message).toContain('sandbank-sw init');
    expect(message).toContain('@sandbank/service-worker/vite');
    expect(message).toContain('public/');
    expect(message).not.toContain('Service-Worker-Allowed');
  });

  test('explains an SPA fallback answering the worker URL with HTML, instead of blaming the scope', async () => {
    const html =
      '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
    const app = await serve(undefined, { '/spa-sw.js': ['text/html; charset=utf-8', html] });
    const message = await registrationError(app, '/spa-sw.js');
    expect(message).toContain('The server answered /spa-sw.js with an HTML page (content-type text/html');
    expect(message).toContain('SPA fallback');
    expect(message).toContain('sandbank-sw init');
    expect(message).not.toContain('Service-Worker-Allowed');
  });
});

async function registrationError(app: AppServer, url: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${app.origin}/`);
  return page.evaluate(async (url) => {
    const api = (window as unknown as { sandbank: { registerSandbox: (o: unknown) => Promise<unknown> } })
      .sandbank;
    return api.registerSandbox({ url }).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
  }, url);
}
