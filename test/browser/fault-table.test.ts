import type { FaultRuleInput } from '@sandbank/engine';
import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import {
  expectTableCoversBank,
  FAULT_CASES,
  type FaultDriver,
  type Observed,
  observe,
  runFaultCase,
} from '@sandbank/test-support/fault-cases';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

// Issue 19 in the service worker: the shared table (packages/test-support/src/fault-cases.ts), rules
// and scenarios applied through registerSandbox()'s handle, every effect observed from the page's own
// fetch. The cases share one page and its worker's bank, as they share one bank in the other
// transports' tables: each sets the clock it needs and clears its rules when done (runFaultCase).

const env = useBrowserApp({ context: 'file' });

type Handle = {
  faults: { add(rule: unknown): Promise<{ id: string }>; clear(): Promise<void> };
  scenario(name: string): Promise<Array<{ id: string }>>;
};

/** What the page's fetch saw: the answer's parts, or that it rejected (a network failure). */
interface Seen {
  rejected: string | null;
  status: number;
  url: string;
  redirected: boolean;
  headers: Record<string, string>;
  text: string;
}

async function asObserved(seen: Seen): Promise<Observed> {
  if (seen.rejected !== null) {
    expect(seen.rejected).toBe('TypeError');
    return { network: true, status: 0, code: null, text: null, retryAfter: null, fault: null, body: null };
  }
  return observe(
    new Response(seen.text === '' ? null : seen.text, { status: seen.status, headers: seen.headers }),
  );
}

/** `fetch` in the page: redirects followed or not, as asked. */
function pageSend(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; redirect: RequestRedirect },
): Promise<Seen> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name] = value;
        });
        return {
          rejected: null,
          status: response.status,
          url: response.url,
          redirected: response.redirected,
          headers,
          text: await response.text(),
        };
      } catch (error) {
        return {
          rejected: (error as Error).name,
          status: 0,
          url: '',
          redirected: false,
          headers: {},
          text: '',
        };
      }
    },
    { url, init },
  );
}

/** A page of the test app with the worker registered (signatures off), its handle kept as `window.bank`. */
async function inTheWorker(): Promise<FaultDriver> {
  const page = await env.context.newPage();
  await page.goto(`${env.app.origin}/`);
  const mode = await page.evaluate(async () => {
    const scope = window as unknown as {
      sandbank: { registerSandbox(options: unknown): Promise<Handle & { mode: string }> };
      bank?: Handle;
    };
    scope.bank = await scope.sandbank.registerSandbox({ signatures: 'off' });
    return (scope.bank as Handle & { mode: string }).mode;
  });
  expect(mode).toBe('service-worker');
  return {
    // Same origin: the page's fetch follows the bank's redirect to the app, and tells where it landed.
    redirectUri: `${env.app.origin}/callback`,
    addRule: (rule: FaultRuleInput) =>
      page.evaluate(
        async (rule) => (await (window as unknown as { bank: Handle }).bank.faults.add(rule)).id,
        rule,
      ),
    scenario: (name) =>
      page.evaluate(
        async (name) => (await (window as unknown as { bank: Handle }).bank.scenario(name)).map((r) => r.id),
        name,
      ),
    clear: () => page.evaluate(() => (window as unknown as { bank: Handle }).bank.faults.clear()),
    async control(method, path, body) {
      const seen = await pageSend(page, path, {
        method,
        redirect: 'manual',
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      const answer = await asObserved(seen);
      return { status: answer.status, body: answer.body };
    },
    send: async ({ method, path, headers = {}, body }) =>
      asObserved(
        await pageSend(page, path, {
          method,
          headers: { 'X-Request-ID': crypto.randomUUID(), ...headers },
          redirect: 'manual',
          ...(body === undefined ? {} : { body }),
        }),
      ),
    async openSca(href) {
      const seen = await pageSend(page, href, { redirect: 'follow' });
      expect(seen.rejected).toBeNull();
      return { redirect: seen.redirected ? seen.url : null, html: seen.text };
    },
  };
}

let driver: Promise<FaultDriver> | undefined;
/** The one page with the worker registered, opened by the first case. */
const theWorker = () => {
  driver ??= inTheWorker();
  return driver;
};

describe('every fault effect and scenario in the service worker', () => {
  for (const c of FAULT_CASES) it(c.name, async () => runFaultCase(await theWorker(), c));

  it('covers every effect kind and every scenario the worker’s bank lists', async () =>
    expectTableCoversBank(await theWorker()));
});
