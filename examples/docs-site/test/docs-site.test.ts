import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '../../../test/browser/support/chromium.js';
import siteConfig from '../vite.config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist');

let server: PreviewServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  // The site's own config (with the service-worker plugin), loaded by Vitest: Vite's config loader
  // cannot import the plugin's TypeScript source.
  await build({
    ...siteConfig,
    root,
    configFile: false,
    logLevel: 'silent',
    build: { ...siteConfig.build, outDir, emptyOutDir: true },
  });
  server = await preview({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: 'localhost' },
  });
  const address = server.httpServer?.address();
  if (address === null || address === undefined || typeof address === 'string') throw new Error('no port');
  // http://localhost (not 127.0.0.1): service workers need a secure context.
  base = `http://localhost:${address.port}`;
  browser = await launchChromium();
}, BROWSER_SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function tryIt(page: Page, method: string, path: string): Promise<string> {
  const operation = page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) });
  await operation.locator('.opblock-summary').first().click();
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor();
  return (await status.textContent())?.trim() ?? '';
}

describe('the example docs site, built, in Chromium', () => {
  it('renders the reference, and Try it GET /v1/sandbox/customers answers 200 from the worker', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/`);
    expect(await tryIt(page, 'get', '/v1/sandbox/customers')).toBe('200');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/autoSign=both/);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('answers a Try it of GET /v1/accounts with 401 and the SCA link the popup opens', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const popup = context.waitForEvent('page');
    expect(await tryIt(page, 'get', '/v1/accounts')).toBe('401');
    const sca = await popup;
    await sca.waitForLoadState();
    expect(new URL(sca.url()).pathname).toMatch(/^\/_sandbank\/sca\//);
    await context.close();
  });
});
