import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtSiteInChromium } from '@sandbank/test-support/browser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import siteConfig from '../vite.config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = builtSiteInChromium({ root, config: siteConfig, outDir: join(root, 'dist') });

async function tryIt(page: Page, method: string, path: string): Promise<string> {
  const operation = page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) });
  const execute = operation.locator('button.execute');
  if (!(await execute.isVisible())) await operation.locator('.opblock-summary').first().click();
  // A second Try it of the same operation: clear the last answer first, so the one awaited is new.
  const clear = operation.locator('button.btn-clear');
  if (await clear.isVisible()) await clear.click();
  await execute.click();
  const status = operation.locator('.live-responses-table tr.response .response-col_status').first();
  await status.waitFor();
  return (await status.textContent())?.trim() ?? '';
}

describe('the example docs site, built, in Chromium', () => {
  it('renders the reference; Try it GET /v1/sandbox/customers answers 200 and the example payment 201', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.base}/`);
    expect(await tryIt(page, 'get', '/v1/sandbox/customers')).toBe('200');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/autoSign=both/);
    // A write with the part 4.1 P headers and a body, as the document's example fills them in: 201.
    expect(await tryIt(page, 'post', '/v1/payments/{product}')).toBe('201');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('answers Try it GET /v1/accounts with 401, opens the SCA in a popup, then answers 200 with the PSU-ID it brought', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/`);
    const popup = context.waitForEvent('page');
    expect(await tryIt(page, 'get', '/v1/accounts')).toBe('401');
    const sca = await popup;
    await sca.waitForLoadState();
    expect(new URL(sca.url()).pathname).toMatch(/^\/_sandbank\/sca\//);
    // The PSU signs in and shares the accounts; the bank sends the popup back to the site, which closes it.
    const closed = sca.waitForEvent('close');
    await sca.getByLabel('National identity number (11 digits)').fill('13039319955');
    while (!sca.isClosed() && new URL(sca.url()).pathname.startsWith('/_sandbank/sca/')) {
      for (const box of await sca.locator('input[type=checkbox]').all()) await box.check();
      await Promise.all([
        sca.waitForEvent('framenavigated').catch(() => undefined),
        sca.locator('button[type=submit]').first().click(),
      ]);
    }
    await closed;
    // Try it now sends the psu-id the redirect brought as PSU-ID: the consent covers the accounts.
    expect(await tryIt(page, 'get', '/v1/accounts')).toBe('200');
    await context.close();
  });
});
