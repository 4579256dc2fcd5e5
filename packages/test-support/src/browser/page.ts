import type { BrowserContext, Page } from 'playwright-core';

export interface PageResponse {
  status: number;
  body: string;
}

/** Opens the test app and waits until the Sandbank worker controls it. */
export async function openControlledPage(
  context: BrowserContext,
  origin: string,
  options: Record<string, unknown> = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await registered(page, options);
  return page;
}

export async function registered(
  page: Page,
  options: Record<string, unknown> = {},
): Promise<{ mode: string; workerVersion: string }> {
  return page.evaluate(async (options) => {
    const api = (
      window as unknown as {
        sandbank: {
          registerSandbox: (options: unknown) => Promise<{ mode: string; workerVersion: string }>;
        };
      }
    ).sandbank;
    const handle = await api.registerSandbox(options);
    return { mode: handle.mode, workerVersion: handle.workerVersion };
  }, options);
}

/** `fetch` from inside the page. */
export function pageFetch(
  page: Page,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PageResponse> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, init);
      return { status: response.status, body: await response.text() };
    },
    { path, init },
  );
}

export async function advanceClock(page: Page, minutes: number): Promise<PageResponse> {
  return pageFetch(page, '/_sandbank/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMinutes: minutes }),
  });
}

export async function offsetMinutes(page: Page): Promise<number> {
  const clock = await pageFetch(page, '/_sandbank/clock');
  return (JSON.parse(clock.body) as { offsetMs: number }).offsetMs / 60_000;
}

/** Stops every service worker through the DevTools protocol, as the browser does with idle ones. */
export async function stopWorkers(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await session.detach();
}

export async function storageReport(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await pageFetch(page, '/_sandbank/storage')).body) as Record<string, unknown>;
}

export interface SignedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The bank clock's offset (control plane `advanceMinutes`), so X-Date matches it. */
  offsetMs?: number;
}

/** What the test app's bundle (app-server.ts) puts on `window` to sign as the page's TPP. */
interface PageSigner {
  tppSign(request: Request, now: number): Promise<Request>;
}

/**
 * `fetch` from inside the page, signed as a browser TPP app signs: an identity made in the page with
 * WebCrypto by the TPP kit (once per page), then `signRequest`, which dates the request with X-Date.
 */
export function signedFetch(page: Page, path: string, init: SignedInit = {}): Promise<PageResponse> {
  return page.evaluate(
    async ({ path, init }) => {
      const { offsetMs = 0, ...requestInit } = init;
      const signer = window as unknown as PageSigner;
      const response = await fetch(
        await signer.tppSign(new Request(path, requestInit), Date.now() + offsetMs),
      );
      return { status: response.status, body: await response.text() };
    },
    { path, init },
  );
}

/**
 * `count` GET requests for `path` with `headers` and a fresh X-Request-ID each, signed in the page (as
 * `signedFetch` signs) but not sent: their headers, for a caller that times the sending alone.
 */
export function signedHeaders(
  page: Page,
  path: string,
  headers: Record<string, string>,
  count: number,
): Promise<Array<Array<[string, string]>>> {
  return page.evaluate(
    async ({ path, headers, count }) => {
      const signer = window as unknown as PageSigner;
      const out: Array<Array<[string, string]>> = [];
      for (let i = 0; i < count; i++) {
        const request = new Request(path, { headers: { ...headers, 'X-Request-ID': crypto.randomUUID() } });
        out.push([...(await signer.tppSign(request, Date.now())).headers]);
      }
      return out;
    },
    { path, headers, count },
  );
}

/**
 * Walks a consent's SCA pages (`href`, the consent's scaRedirect) with clicks as the PSU `nationalId`:
 * signs in, picks the private context if asked, ticks every account, approves; waits for the redirect
 * to the app's `/callback` and returns its URL.
 */
export async function approveConsentInPages(page: Page, href: string, nationalId: string): Promise<URL> {
  await page.goto(href);
  await page.fill('input[name=nationalIdentityNumber]', nationalId);
  await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
  if ((await page.$('input[name=context]')) !== null) {
    await page.check('input[name=context][value=PRIVATE]');
    await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
  }
  for (const box of await page.$$('input[type=checkbox][name=accounts]')) await box.check();
  await Promise.all([page.waitForURL('**/callback?**'), page.click('button[value=approve]')]);
  return new URL(page.url());
}
