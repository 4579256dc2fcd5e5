import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtSiteInChromium } from '@sandbank/test-support/browser';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactionsOf } from '../src/derive/ledger.js';
import { fixtureAccount, fixtureState, largeState } from '../src/fixtures/state.js';
import appConfig from '../vite.config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shots = join(root, '..', '..', 'test-results', 'screenshots');
const outDir = join(root, 'dist-e2e');

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical findings on the current view (WCAG 2.1 AA rules). */
async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

const site = builtSiteInChromium({ root, config: appConfig, outDir });

beforeAll(() => {
  mkdirSync(shots, { recursive: true });
});

/** A tab on the playground; `context` shares the service worker (and its bank) between tabs. */
async function openIn(
  context: BrowserContext,
  query = '',
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${site.base}/${query}`);
  await page.getByRole('heading', { name: /Sandbank/ }).waitFor();
  return { page, errors, context };
}

/** A fresh browser profile (its own worker and IndexedDB), so each test starts from the seeded bank. */
async function open(
  width: number,
  height: number,
  query = '',
): Promise<{ page: Page; errors: string[]; context: BrowserContext }> {
  const context = await site.browser.newContext({ viewport: { width, height } });
  return openIn(context, query);
}

describe('the built playground in Chromium', () => {
  it('shows the bank, the request log and the drive views at 1280×800', async () => {
    const { page, errors } = await open(1280, 800);
    // http://localhost is a secure context: the service worker answers.
    await page.getByText('service worker: every tab sees it').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /sandbank-sw\.js/,
    );
    await page.getByRole('navigation', { name: 'Customers and their holdings' }).waitFor();
    expect(await page.getByText('Kari Nordmann').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'bank.png') });

    await page.getByRole('button', { name: '+1 day' }).click();
    await page.getByRole('button', { name: 'Mock data' }).click();
    await page.getByRole('form', { name: 'Customer form' }).waitFor();
    await page.screenshot({ path: join(shots, 'mock-data.png') });

    await page.getByRole('button', { name: 'TPP flows' }).click();
    await page.getByRole('button', { name: 'Run next step' }).click();
    await page.getByText('POST').first().waitFor();
    await page.screenshot({ path: join(shots, 'flows.png') });

    await page.getByRole('button', { name: /^Requests/ }).click();
    await page.getByRole('button', { name: /POST \/_sandbank\/clock/ }).click();
    await page.getByRole('button', { name: 'Copy as curl' }).waitFor();
    await page.screenshot({ path: join(shots, 'requests.png') });
    await page.getByRole('button', { name: /POST \/v1\/bank-offered-consents/ }).click();
    await page.getByRole('region', { name: 'Signature check' }).getByText('signature verified').waitFor();
    await page.screenshot({ path: join(shots, 'request-signature.png') });

    for (const tab of ['Consents & payments', 'Try it', 'State']) {
      await page.getByRole('button', { name: tab, exact: true }).click();
      await page.locator('main').waitFor();
    }
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('runs the guided flows signed in the browser and shows consents, payments and baskets', async () => {
    const { page, errors } = await open(1280, 800);
    await page.getByRole('button', { name: 'TPP flows' }).click();
    for (const flow of ['Consent → SCA → accounts', 'Payment → SCA → clock → settled', 'Signing basket']) {
      await page.getByRole('button', { name: flow }).click();
      await page.getByRole('button', { name: 'Run all' }).click();
      await page.getByText('Flow complete.').waitFor({ timeout: 120_000 });
    }
    await page.getByRole('button', { name: /^Requests/ }).click();
    await page.getByRole('button', { name: /POST \/v1\/bank-offered-consents/ }).click();
    expect(await page.getByText('tpp-signature-certificate').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Consents & payments' }).click();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    expect(await page.getByRole('article', { name: /^Payment / }).count()).toBe(3);
    expect(await page.getByRole('article', { name: /^Basket / }).count()).toBe(1);
    // The consent the PSU approved on the bank's page, and the payment the batch settled.
    await page.getByRole('cell', { name: /valid/ }).first().waitFor();
    await page
      .getByRole('article', { name: /^Payment / })
      .filter({ hasText: /ACSP|ACSC/ })
      .first()
      .waitFor();
    await page.screenshot({ path: join(shots, 'activity.png'), fullPage: true });
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('redraws every view when another tab changes the bank through the worker', async () => {
    const { page, errors, context } = await open(1280, 800);
    await page.getByText('service worker: every tab sees it').waitFor();
    await page.getByRole('navigation', { name: 'Customers and their holdings' }).waitFor();
    const clock = page.getByRole('region', { name: 'Bank clock' }).locator('time');
    const before = Date.parse((await clock.getAttribute('datetime')) ?? '');

    // The app under development: another tab whose own fetch the same worker answers.
    const other = await openIn(context);
    const answer = await other.page.evaluate(async () => {
      const response = await fetch('/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 60 }),
      });
      return response.status;
    });
    expect(answer).toBe(200);
    await page.getByText('last: POST /_sandbank/clock → 200').waitFor();
    await expect
      .poll(async () => Date.parse((await clock.getAttribute('datetime')) ?? '') - before, {
        timeout: 120_000,
      })
      .toBeGreaterThanOrEqual(59 * 60_000);

    // A signed request from the other tab's mock-data form shows up in this tab's customer tree.
    await other.page.getByRole('button', { name: 'Mock data' }).click();
    await other.page.getByLabel('customerNumber', { exact: true }).fill('01019010046');
    await other.page.getByLabel('name', { exact: true }).fill('Ola Nordmann');
    await other.page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: /Ola Nordmann/, level: 3 }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: /^Requests/ }).click();
    await page.getByRole('button', { name: /POST \/v1\/sandbox\/customers: 201/ }).click();
    await page.getByRole('region', { name: 'Signature check' }).getByText('signature verified').waitFor();
    await page.getByRole('button', { name: 'Bank', exact: true }).click();
    await page.screenshot({ path: join(shots, 'other-tab.png') });
    await context.close();
    expect([...errors, ...other.errors]).toEqual([]);
  });

  it('fits a narrow window', async () => {
    const { page, errors } = await open(400, 800);
    await page.getByRole('navigation', { name: 'Customers and their holdings' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: join(shots, 'narrow.png'), fullPage: false });
    await page.context().close();
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it('imports a state with 100 000 transactions, renders a window of it, and finds a row by search', async () => {
    const { page, errors } = await open(1280, 800, '?bank=in-page');
    await page.getByText('in-page bank').waitFor();
    await page.getByRole('button', { name: 'State', exact: true }).click();
    // A file on disk: handing Chromium 30 MB through the protocol is slower than the import itself.
    const file = join(outDir, 'big.json');
    writeFileSync(file, JSON.stringify(largeState(100_000)));
    // 30 MB is over the worker's 1 MiB body limit: this test runs on the in-page bank.
    await page.getByLabel('Import state…').setInputFiles(file);
    await page.getByText('"big.json" restored.').waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Bank', exact: true }).click();
    await page
      .getByRole('button', { name: new RegExp(fixtureAccount.accountName) })
      .first()
      .click();
    const total = transactionsOf(fixtureState.transactions[fixtureAccount.id]).length + 100_000;
    await page.getByText(`${total.toLocaleString('en')} of ${total.toLocaleString('en')}`).waitFor();
    await page.getByLabel('Search').fill('Bulk transaction 99999');
    await page.getByText(`1 of ${total.toLocaleString('en')}`).waitFor();
    expect(await page.locator('.transactions li').count()).toBeLessThan(60);
    await page.screenshot({ path: join(shots, 'hundred-thousand.png') });
    // The state tree over the same bank: closed, it renders a few rows; a search walks the ledger.
    await page.getByRole('button', { name: 'State', exact: true }).click();
    const tree = page.getByRole('tree');
    await tree.waitFor();
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(60);
    await page
      .getByRole('region', { name: 'State tree' })
      .getByLabel('Search')
      .fill('Bulk transaction 99999');
    await tree
      .getByRole('treeitem', { name: /Bulk transaction 99999/ })
      .first()
      .waitFor();
    expect(await tree.getByRole('treeitem').count()).toBeLessThan(60);
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('applies a scenario from the Faults tab and lists its rules', async () => {
    const { page, errors } = await open(1280, 800);
    await page.getByText('service worker: every tab sees it').waitFor();
    await page.getByRole('button', { name: 'Faults', exact: true }).click();
    await page.getByRole('button', { name: 'Apply sca-always-fails' }).click();
    await page.getByText('Scenario sca-always-fails applied.').waitFor();
    await page.getByRole('button', { name: 'Remove fault-1' }).waitFor();
    await page.screenshot({ path: join(shots, 'faults.png') });
    await page.getByRole('button', { name: 'Remove every rule' }).click();
    await page.getByText('No fault rules: the bank answers as usual.').waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('passes axe-core checks on every view', async () => {
    const { page } = await open(1280, 800);
    const problems: string[] = [];
    await page.getByRole('button', { name: '+1 h' }).click();
    // Each view in a state with content: a selected request, a flow step with its exchange, a sent form.
    const actions = new Map<string, () => Promise<void>>([
      ['Requests', () => page.getByRole('button', { name: /POST \/_sandbank\/clock/ }).click()],
      ['Mock data', () => page.getByRole('button', { name: 'Send' }).click()],
      ['Try it', () => page.getByRole('button', { name: 'Send' }).click()],
      ['TPP flows', () => page.getByRole('button', { name: 'Run next step' }).click()],
      ['Faults', () => page.getByRole('button', { name: 'Apply consent-expired' }).click()],
    ]);
    const tabs = [
      'Bank',
      'Consents & payments',
      'Requests',
      'Mock data',
      'Try it',
      'TPP flows',
      'State',
      'Faults',
    ];
    for (const tab of tabs) {
      await page.getByRole('button', { name: new RegExp(`^${tab}`) }).click();
      await page.locator('main').waitFor();
      await actions.get(tab)?.();
      await page.waitForTimeout(200);
      problems.push(...(await accessibilityProblems(page)).map((p) => `${tab}: ${p}`));
    }
    await page.context().close();
    expect(problems).toEqual([]);
  });
});

/** Horizontal overflow of the page, in px (0 when it fits the window). */
function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The payment ids in the bank, read the way a page reads it (GET /_sandbank/state, answered by the worker). */
function paymentIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const state = (await (await fetch('/_sandbank/state')).json()) as { payments: Record<string, unknown> };
    return Object.keys(state.payments);
  });
}

describe('the playground as the bank DevTools, in Chromium on the worker', () => {
  it('finds the payment in the state tree, lists its changes, and restores to before it in every tab, durably', async () => {
    const { page, errors, context } = await open(1440, 900);
    await page.getByText('service worker: every tab sees it').waitFor();
    const other = await openIn(context, '#/activity');
    await other.page.getByRole('heading', { name: 'Payments' }).waitFor();

    await page.getByRole('button', { name: 'TPP flows' }).click();
    await page.getByRole('button', { name: 'Payment → SCA → clock → settled' }).click();
    await page.getByRole('button', { name: 'Run all' }).click();
    await page.getByText('Flow complete.').waitFor({ timeout: 120_000 });
    const [paymentId] = await paymentIds(page);
    expect(paymentId).toBeDefined();
    await other.page
      .getByRole('article', { name: /^Payment / })
      .first()
      .waitFor();

    // The state tree finds the payment by its id.
    await page.getByRole('button', { name: 'State', exact: true }).click();
    await page.getByRole('tree').waitFor();
    await page.getByLabel('Search').fill(paymentId as string);
    const tree = page.getByRole('tree');
    await tree
      .getByRole('treeitem', { name: new RegExp(`^▸?${paymentId}`) })
      .first()
      .waitFor();
    await page.screenshot({ path: join(shots, 'state-tree.png') });

    // The payment creation's request lists what it changed, and restores the bank to before it.
    await page.getByRole('button', { name: /^Requests/ }).click();
    await page.getByRole('button', { name: /POST \/v1\/payments\/[^:]+: 201/ }).click();
    const changes = page.getByRole('list', { name: 'State changes' });
    await changes.getByText(`payments › ${paymentId}`).waitFor();
    expect(await changes.getByText('added').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'state-changes.png') });
    await page.getByRole('button', { name: 'Restore the bank to before this request' }).click();
    await page.getByText(/The bank is back to before commit \d+\./).waitFor();
    // The log marks the point: the restore, and the requests it undid.
    await page
      .getByRole('button', {
        name: /POST \/_sandbank\/history\/\d+\/restore: 200.*restored to before commit/,
      })
      .waitFor();
    expect(await page.getByRole('button', { name: /undone by a restore/ }).count()).toBeGreaterThan(0);

    // Gone here, in the other tab (the worker's broadcast) and after a reload (stored).
    expect(await paymentIds(page)).toEqual([]);
    await other.page.getByText('No payments yet: run the payment flow.').waitFor();
    expect(await other.page.getByRole('article', { name: /^Payment / }).count()).toBe(0);
    await other.page.reload();
    await other.page.getByRole('heading', { name: 'Payments' }).waitFor();
    expect(await paymentIds(other.page)).toEqual([]);

    // A named snapshot saved in one tab is listed in the other, and restores there.
    await page.getByRole('button', { name: 'State', exact: true }).click();
    await page.getByLabel('Snapshot name').fill('before anything');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    await other.page.goto(`${site.base}/#/state`);
    await other.page.getByRole('button', { name: 'Restore snapshot before anything' }).waitFor();
    await context.close();
    expect([...errors, ...other.errors]).toEqual([]);
  }, 240_000);

  it('has no horizontal scroll at 390 px after every guided flow, and opens a request in view', async () => {
    const { page, errors } = await open(390, 844);
    await page.getByRole('navigation', { name: 'Customers and their holdings' }).waitFor();
    // The header collapses: it takes at most a quarter of the window.
    const header = await page.locator('.app-header').boundingBox();
    expect(header?.height ?? 999).toBeLessThanOrEqual(844 / 4);
    await page.getByRole('button', { name: 'TPP flows' }).click();
    for (const flow of ['Consent → SCA → accounts', 'Payment → SCA → clock → settled', 'Signing basket']) {
      await page.getByRole('button', { name: flow }).click();
      await page.getByRole('button', { name: 'Run all' }).click();
      await page.getByText('Flow complete.').waitFor({ timeout: 120_000 });
      expect(await overflowOf(page), flow).toBeLessThanOrEqual(0);
    }
    for (const tab of ['Bank', 'Consents & payments', 'Requests', 'Mock data', 'Try it', 'State']) {
      await page.getByRole('button', { name: new RegExp(`^${tab}`) }).click();
      await page.locator('main').waitFor();
      expect(await overflowOf(page), tab).toBeLessThanOrEqual(0);
    }
    await page.getByRole('button', { name: /^Requests/ }).click();
    await page
      .getByRole('button', { name: /POST \/v1\/payments\/[^:]+: 201/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('button', { name: 'Copy as curl' }).isVisible()).toBe(true);
    const detail = await page.locator('.request-detail').boundingBox();
    expect(detail).not.toBeNull();
    expect(detail?.y ?? 9999).toBeLessThan(844);
    expect((detail?.y ?? 0) + 40).toBeGreaterThan(0);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shots, 'narrow-after-flows.png') });
    await page.context().close();
    expect(errors).toEqual([]);
  }, 300_000);

  it('uses the width at 1440 px', async () => {
    const { page, errors } = await open(1440, 900);
    for (const tab of ['TPP flows', 'Try it', 'State']) {
      await page.getByRole('button', { name: tab, exact: true }).click();
      const panel = await page.locator('.flows, .try-it, .state-panel').first().boundingBox();
      expect(panel?.width ?? 0, tab).toBeGreaterThan(1440 * 0.9);
    }
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.context().close();
    expect(errors).toEqual([]);
  });
});

describe('the Docs tab of the built playground in Chromium', () => {
  it('renders the API reference, and Try it GET /v1/sandbox/customers answers 200 from the worker', async () => {
    const { page, errors } = await open(1280, 900);
    await page.getByText('service worker: every tab sees it').waitFor();
    await page.getByRole('button', { name: 'Docs' }).click();
    const operation = page
      .locator('.opblock-get')
      .filter({ has: page.locator('[data-path="/v1/sandbox/customers"]') });
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table').textContent()).toContain('Kari Nordmann');
    await page.screenshot({ path: join(shots, 'docs.png') });
    // The request log shows the Try it request, signed by the worker.
    await page.getByRole('button', { name: /^Requests/ }).click();
    await page
      .getByRole('button', { name: /GET \/v1\/sandbox\/customers/ })
      .first()
      .click();
    await page.getByRole('note').filter({ hasText: 'signed by the sandbox for you' }).waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
