import { useBrowserApp } from '@sandbank/test-support/browser/lifecycle';
import { stopWorkers } from '@sandbank/test-support/browser/page';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';

const env = useBrowserApp();

/** The page registers the worker (signatures off) and keeps the handle as `window.bank`. */
async function openBank(): Promise<Page> {
  const page = await env.context.newPage();
  await page.goto(`${env.app.origin}/`);
  const mode = await page.evaluate(async () => {
    const scope = window as unknown as {
      sandbank: { registerSandbox(options: unknown): Promise<{ mode: string }> };
      bank?: unknown;
    };
    const handle = await scope.sandbank.registerSandbox({ signatures: 'off' });
    scope.bank = handle;
    return handle.mode;
  });
  expect(mode).toBe('service-worker');
  return page;
}

/** Calls from the page: the status of each, or `network error` when the fetch rejects. */
function customers(page: Page, times: number): Promise<Array<number | string>> {
  return page.evaluate(async (times) => {
    const out: Array<number | string> = [];
    for (let i = 0; i < times; i++) {
      try {
        const response = await fetch('/v1/sandbox/customers', {
          headers: { 'X-Request-ID': crypto.randomUUID() },
        });
        out.push(response.status);
      } catch (error) {
        out.push(error instanceof TypeError ? 'network error' : String(error));
      }
    }
    return out;
  }, times);
}

type Bank = {
  faults: {
    add(rule: unknown): Promise<{ id: string }>;
    list(): Promise<Array<{ id: string; fired: number }>>;
    clear(): Promise<void>;
  };
  scenario(name: string): Promise<unknown[]>;
};

describe('fault rules in the service worker', () => {
  test('a rule added from the page through registerSandbox()’s handle answers the next call', async () => {
    const page = await openBank();
    const id = await page.evaluate(async () => {
      const bank = (window as unknown as { bank: Bank }).bank;
      const rule = await bank.faults.add({
        match: { operation: 'listCustomers' },
        effect: { status: 503, code: 'SYSTEM_ERROR' },
        times: 1,
      });
      return rule.id;
    });
    expect(await customers(page, 2)).toEqual([503, 200]);
    await page.evaluate(async () => {
      const bank = (window as unknown as { bank: Bank }).bank;
      await bank.faults.add({ effect: { network: 'error' }, times: 1 });
    });
    expect(await customers(page, 2)).toEqual(['network error', 200]);
    const listed = await page.evaluate(() => (window as unknown as { bank: Bank }).bank.faults.list());
    expect(listed.map((r) => [r.id, r.fired])).toEqual([
      [id, 1],
      ['fault-2', 1],
    ]);
  });

  test('rules and their counters survive a worker restart', async () => {
    const page = await openBank();
    await page.evaluate(async () => {
      const bank = (window as unknown as { bank: Bank }).bank;
      await bank.faults.add({
        match: { path: '/v1/sandbox/**' },
        effect: { status: 500, code: 'SYSTEM_ERROR' },
        times: 2,
      });
    });
    expect(await customers(page, 1)).toEqual([500]);
    await stopWorkers(page);
    // The second of two, then used up: the worker restored the rule with its counter.
    expect(await customers(page, 2)).toEqual([500, 200]);
  });

  test('a scenario applied from the page, cleared again', async () => {
    const page = await openBank();
    await page.evaluate(() => (window as unknown as { bank: Bank }).bank.scenario('consent-expired'));
    const expired = await page.evaluate(async () => {
      const response = await fetch('/v1/accounts', { headers: { 'X-Request-ID': crypto.randomUUID() } });
      return { status: response.status, body: await response.text() };
    });
    expect(expired.status).toBe(401);
    expect(expired.body).toContain('CONSENT_EXPIRED');
    await page.evaluate(() => (window as unknown as { bank: Bank }).bank.faults.clear());
    expect(await page.evaluate(() => (window as unknown as { bank: Bank }).bank.faults.list())).toEqual([]);
  });
});
