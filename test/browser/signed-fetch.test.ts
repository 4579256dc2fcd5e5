import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import {
  advanceClock,
  openControlledPage,
  pageFetch,
  signedFetch,
} from '@sandbank/test-support/browser/page';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

let browser: Browser;
let app: AppServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startAppServer()]);
  context = await browser.newContext();
  page = await openControlledPage(context, app.origin);
}, BROWSER_SETUP_TIMEOUT);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

function requestId(): string {
  return crypto.randomUUID();
}

describe('a page signing its requests to the worker (part 5.1)', () => {
  test('gets 200 for a GET signed with an identity the page made with WebCrypto', async () => {
    const listed = await signedFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': requestId() },
    });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toHaveLength(4);
  });

  test('gets 201 for a signed POST with a body, whose Digest the worker checks', async () => {
    const created = await signedFetch(page, '/v1/sandbox/customers', {
      method: 'POST',
      headers: { 'X-Request-ID': requestId(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ customerNumber: '01010000110', name: 'Per Hansen', type: 'private' }),
    });
    expect(created.status).toBe(201);
  });

  test('signs with X-Date, since a page cannot send Date', async () => {
    const headers = await page.evaluate(async () => {
      const scope = window as unknown as {
        tpp: {
          createTppIdentity(options: { roles: string[] }): Promise<unknown>;
          signRequest(request: Request, identity: unknown): Promise<Request>;
        };
      };
      const identity = await scope.tpp.createTppIdentity({ roles: ['PSP_AI'] });
      const signed = await scope.tpp.signRequest(new Request('/v1/sandbox/customers'), identity);
      return { xDate: signed.headers.has('x-date'), date: signed.headers.has('date') };
    });
    expect(headers).toEqual({ xDate: true, date: false });
  });

  test('gets 400 HTTP_HEADER_REQUIRED naming Signature for an unsigned request', async () => {
    const unsigned = await pageFetch(page, '/v1/sandbox/customers', {
      headers: { 'X-Request-ID': requestId() },
    });
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body)).toMatchObject({
      tppMessages: [{ code: 'HTTP_HEADER_REQUIRED', path: 'Signature' }],
    });
  });

  test('answers unsigned requests when the page registered with signatures off', async () => {
    const other = await browser.newContext();
    try {
      const relaxed = await openControlledPage(other, app.origin, { signatures: 'off' });
      const listed = await pageFetch(relaxed, '/v1/sandbox/customers', {
        headers: { 'X-Request-ID': requestId() },
      });
      expect(listed.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('keeps accepting requests signed with the real time after the bank clock moved a day', async () => {
    const other = await browser.newContext();
    try {
      const moved = await openControlledPage(other, app.origin);
      expect((await advanceClock(moved, 1440)).status).toBe(200);
      const listed = await signedFetch(moved, '/v1/sandbox/customers', {
        headers: { 'X-Request-ID': requestId() },
      });
      expect(listed.status).toBe(200);
      // Two minutes from the real time and a day and two minutes from the bank time: refused.
      const stale = await signedFetch(moved, '/v1/sandbox/customers', {
        headers: { 'X-Request-ID': requestId() },
        offsetMs: -120_000,
      });
      expect(stale.status).toBe(400);
      expect(JSON.parse(stale.body).tppMessages[0].text).toMatch(/: X-Date is 865\d\d s off the bank clock/);
    } finally {
      await other.close();
    }
  });

  test("checks the bank clock alone when the page registered with clockSkew: 'bank-only'", async () => {
    const other = await browser.newContext();
    try {
      const strict = await openControlledPage(other, app.origin, { clockSkew: 'bank-only' });
      expect((await advanceClock(strict, 1440)).status).toBe(200);
      const byRealTime = await signedFetch(strict, '/v1/sandbox/customers', {
        headers: { 'X-Request-ID': requestId() },
      });
      expect(byRealTime.status).toBe(400);
      expect(JSON.parse(byRealTime.body).tppMessages[0].text).toMatch(
        /: X-Date is 864\d\d s off the bank clock/,
      );
      const byBankTime = await signedFetch(strict, '/v1/sandbox/customers', {
        headers: { 'X-Request-ID': requestId() },
        offsetMs: 1440 * 60_000,
      });
      expect(byBankTime.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
