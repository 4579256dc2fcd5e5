import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import { openControlledPage, pageFetch, stopWorkers } from '@sandbank/test-support/browser/page';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let browser: Browser;
let app: AppServer;
let context: BrowserContext;
let page: Page;

/** Registers with `autoSign` and keeps every request log entry the worker broadcasts in `window.logged`. */
async function openAutoSigningPage(context: BrowserContext, autoSign: string): Promise<Page> {
  const page = await openControlledPage(context, app.origin, { autoSign });
  await page.evaluate(async (autoSign) => {
    const scope = window as unknown as {
      sandbank: {
        registerSandbox(
          options: unknown,
        ): Promise<{ subscribe(listener: (event: unknown) => void): unknown }>;
      };
      logged: unknown[];
    };
    scope.logged = [];
    const handle = await scope.sandbank.registerSandbox({ autoSign });
    handle.subscribe((event) => {
      const e = event as { type: string; entry?: unknown };
      if (e.type === 'request') scope.logged.push(e.entry);
    });
  }, autoSign);
  return page;
}

/** The request log entry of the request with this X-Request-ID, once the worker broadcast it. */
async function loggedEntry(
  page: Page,
  requestId: string,
): Promise<{ requestHeaders: Record<string, string> }> {
  const handle = await page.waitForFunction((id) => {
    const logged = (window as unknown as { logged: { requestHeaders: Record<string, string> }[] }).logged;
    return logged.find((entry) => entry.requestHeaders['x-request-id'] === id) ?? false;
  }, requestId);
  return (await handle.jsonValue()) as { requestHeaders: Record<string, string> };
}

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startAppServer()]);
  context = await browser.newContext();
  page = await openAutoSigningPage(context, 'both');
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

describe('a worker registered with autoSign', () => {
  test('answers an unsigned GET /v1/sandbox/customers with 200, and the log says the sandbox signed it', async () => {
    const requestId = crypto.randomUUID();
    const listed = await pageFetch(page, '/v1/sandbox/customers', { headers: { 'X-Request-ID': requestId } });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toHaveLength(4);
    const entry = await loggedEntry(page, requestId);
    expect(entry.requestHeaders['x-sandbank-signed-by']).toBe(
      'signed by the sandbox for you as the AISP+PISP test TPP (PSP_AI, PSP_PI)',
    );
    expect(entry.requestHeaders.signature).toMatch(/^keyId="SN=/);
  });

  test('signs a POST with a body, adding the Digest the bank checks', async () => {
    const created = await pageFetch(page, '/v1/sandbox/customers', {
      method: 'POST',
      headers: { 'X-Request-ID': crypto.randomUUID(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerNumber: '15078500007', name: 'Nora Berg', type: 'private' }),
    });
    expect(created.status).toBe(201);
  });

  test('signs as the identity a request names in X-Sandbank-Sign-As', async () => {
    const requestId = crypto.randomUUID();
    const listed = await pageFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': requestId, 'X-Sandbank-Sign-As': 'pisp' },
    });
    expect(listed.status).toBe(200);
    const entry = await loggedEntry(page, requestId);
    expect(entry.requestHeaders['x-sandbank-signed-by']).toContain('PISP test TPP (PSP_PI)');
    expect(entry.requestHeaders['x-sandbank-sign-as']).toBeUndefined();
  });

  test('leaves a request that carries its own Signature to the bank\u2019s check', async () => {
    const forged = await pageFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': crypto.randomUUID(), Signature: 'not a signature' },
    });
    expect(forged.status).toBe(400);
  });

  test('keeps signing after the browser stops the worker', async () => {
    await stopWorkers(page);
    const listed = await pageFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    expect(listed.status).toBe(200);
  });

  test('is refused at registration in the production profile', async () => {
    const other = await browser.newContext();
    try {
      const fresh = await other.newPage();
      await fresh.goto(`${app.origin}/`);
      const message = await fresh.evaluate(async () => {
        const api = (
          window as unknown as { sandbank: { registerSandbox(options: unknown): Promise<unknown> } }
        ).sandbank;
        try {
          await api.registerSandbox({ profile: 'production', autoSign: 'both' });
          return 'registered';
        } catch (error) {
          return (error as Error).message;
        }
      });
      expect(message).toMatch(/autoSign is refused in the production profile/);
      expect(await fresh.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
