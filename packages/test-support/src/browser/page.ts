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

/**
 * `fetch` from inside the page, signed as a browser TPP app signs: an identity made in the page with
 * WebCrypto by the TPP kit (once per page), then `signRequest`, which dates the request with X-Date.
 */
export function signedFetch(page: Page, path: string, init: SignedInit = {}): Promise<PageResponse> {
  return page.evaluate(
    async ({ path, init }) => {
      const scope = window as unknown as {
        tpp: {
          createTppIdentity(options: { roles: string[] }): Promise<unknown>;
          signRequest(request: Request, identity: unknown, options: { now: number }): Promise<Request>;
        };
        tppIdentity?: Promise<unknown>;
      };
      scope.tppIdentity ??= scope.tpp.createTppIdentity({ roles: ['PSP_AI', 'PSP_PI'] });
      const { offsetMs = 0, ...requestInit } = init;
      const request = await scope.tpp.signRequest(new Request(path, requestInit), await scope.tppIdentity, {
        now: Date.now() + offsetMs,
      });
      const response = await fetch(request);
      return { status: response.status, body: await response.text() };
    },
    { path, init },
  );
}
