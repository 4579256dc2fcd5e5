// The worker's GET /_sandbank/openapi.json comes from the file the build writes beside the worker script
// (docs/decisions/worker-openapi-file.md): the same bytes the engine answers, for any base path.
import { createSandbox } from '@sandbank/engine';
import { openApiFile } from '@sandbank/service-worker/internal';
import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import { openControlledPage, pageFetch } from '@sandbank/test-support/browser/page';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let browser: Browser;
let withFile: AppServer;
let withoutFile: AppServer;

beforeAll(async () => {
  const document = await openApiFile();
  [browser, withFile, withoutFile] = await Promise.all([
    launchChromium(),
    startAppServer({ files: { '/sandbank-openapi.json': ['application/json', document] } }),
    startAppServer(),
  ]);
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await withFile?.close();
  await withoutFile?.close();
});

/** What the engine itself answers (in Node) for the document at this base path. */
async function engineAnswer(basePath: string): Promise<string> {
  const sandbox = createSandbox({ basePath, now: () => Date.parse('2026-03-02T10:00:00Z') });
  const response = await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'));
  expect(response.status).toBe(200);
  return response.text();
}

describe("the worker's OpenAPI document", () => {
  for (const basePath of ['/v1', '/api-sandbox/v1']) {
    test(`is byte for byte the engine's, with basePath ${basePath}`, async () => {
      const context = await browser.newContext();
      try {
        const page = await openControlledPage(context, withFile.origin, { basePath });
        const answer = await pageFetch(page, '/_sandbank/openapi.json');
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(await engineAnswer(basePath));
        expect(answer.body).toContain(`"${basePath}/accounts":`);
        expect(answer.body).not.toContain('__sandbank_base_path__');
      } finally {
        await context.close();
      }
    });
  }

  test('is a 404 naming the missing file when the site does not serve it', async () => {
    const context = await browser.newContext();
    try {
      const page = await openControlledPage(context, withoutFile.origin);
      const answer = await pageFetch(page, '/_sandbank/openapi.json');
      expect(answer.status).toBe(404);
      const [message] = (JSON.parse(answer.body) as { tppMessages: Array<Record<string, string>> })
        .tppMessages;
      expect(message).toMatchObject({ category: 'ERROR', code: 'NOT_FOUND' });
      expect(message?.text).toContain('sandbank-openapi.json beside its script');
      expect(message?.text).toContain('/sandbank-openapi.json answered 404');
      // The rest of the bank works without it.
      expect((await pageFetch(page, '/_sandbank/clock')).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
