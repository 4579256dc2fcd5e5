// The worker in the production profile (part 1, part 5.1 rule 11): the certificate must be issued by
// the sandbox test CA, whose signature over it the worker checks with the pkijs it bundles.

import { presetIdentity, signRequest } from '@sandbank/engine/tpp';
import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import { openControlledPage, pageFetch, signedFetch } from '@sandbank/test-support/browser/page';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let browser: Browser;
let app: AppServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startAppServer()]);
  context = await browser.newContext();
  page = await openControlledPage(context, app.origin, { profile: 'production' });
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

const UNTRUSTED = 'not issued by a trusted CA';

describe('the worker in the production profile', () => {
  test('accepts a certificate the sandbox test CA issued: its signature checks out', async () => {
    const answer = await signedFetch(page, '/v1/accounts', {
      headers: { 'X-Request-ID': crypto.randomUUID() },
    });
    // The trust chain passed; the next check answers: the TPP is not in the bank's register yet.
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).tppMessages[0]).toMatchObject({
      code: 'FORBIDDEN',
      path: 'TPP-Signature-Certificate',
    });
    expect(answer.body).toContain('is not registered with the bank');
  });

  test('refuses a certificate another CA issued, with 400 naming the issuer', async () => {
    const signed = await signRequest(
      new Request(`${app.origin}/v1/accounts`, { headers: { 'X-Request-ID': crypto.randomUUID() } }),
      await presetIdentity('wrong-ca'),
      { date: 'x-date' },
    );
    const answer = await pageFetch(page, '/v1/accounts', { headers: Object.fromEntries(signed.headers) });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).tppMessages[0]).toMatchObject({
      code: 'BAD_REQUEST',
      path: 'TPP-Signature-Certificate',
    });
    expect(answer.body).toContain(`${UNTRUSTED} (issuer CN=Untrusted Test CA`);
  });
});
