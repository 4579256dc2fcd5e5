/**
 * `npx --yes pnpm@10 bench:playground` (this package's `bench`): the playground's searches over a bank
 * of 100 000 transactions, in the built app in Chromium (the in-page bank: a 30 MB state is over the
 * worker's body limit). Each search sets a query that matches one transaction and times, in the page,
 * until the list (or the state tree) shows it; each clearing until the whole list is back. Beside
 * them, in the same page: a bare `filter` of the same 100 000 search texts (the matching alone,
 * without the app). Medians over `BENCH_SEARCHES` searches (default 7), the queries differing so no
 * answer is a repeat.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltSite } from '@sandbank/test-support/browser/built-site';
import type { Locator } from 'playwright-core';
import { transactionsOf } from '../src/derive/ledger.js';
import { searchText } from '../src/derive/search.js';
import { fixtureAccount, fixtureState, largeState } from '../src/fixtures/state.js';
import appConfig from '../vite.config.js';

/** Median and slowest of a few timings, in ms. */
interface Stats {
  samples: number;
  p50: number;
  worst: number;
}

function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    worst: sorted.at(-1) ?? Number.NaN,
  };
}

export interface PlaygroundSearch {
  transactions: number;
  /** Typing a query into the account's transaction search until its one match is listed. */
  search: Stats;
  /** Clearing that search until the whole list is back. */
  clear: Stats;
  /** The state tree's search, until the matching transaction's row shows. */
  treeSearch: Stats;
  /** A bare `filter` of the same texts in the page, no app. */
  bareFilter: Stats;
}

/** What shows that an answer is on screen: an element matching `selector` whose text holds `text`. */
interface Shown {
  selector: string;
  text: string;
}

/**
 * Sets a search box's value as typing it would (React reads the native setter and an `input`
 * event) and resolves with the milliseconds, read in the page, until the DOM shows `until`: checked
 * on every DOM change, so neither Playwright's polling nor its round trips are in the figure.
 */
function typedUntil(box: Locator, value: string, until: Shown): Promise<number> {
  return box.evaluate(
    (input, { value, until }) =>
      new Promise<number>((resolve) => {
        // No function bound to a name in here: tsx would wrap it in a helper the page does not have.
        const started = performance.now();
        const observer = new MutationObserver(() => {
          for (const element of document.querySelectorAll(until.selector)) {
            if ((element.textContent ?? '').includes(until.text)) {
              observer.disconnect();
              resolve(performance.now() - started);
              return;
            }
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    { value, until },
  );
}

const BULK = 100_000;

export async function playgroundSearch(
  searches = Number(process.env.BENCH_SEARCHES ?? 7),
): Promise<PlaygroundSearch> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const work = mkdtempSync(join(tmpdir(), 'sandbank-bench-playground-'));
  const site = await startBuiltSite({ root, config: appConfig, outDir: join(work, 'site') });
  try {
    const page = await (await site.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${site.base}/?bank=in-page`);
    await page.getByText('in-page bank').waitFor();
    await page.getByRole('button', { name: 'State', exact: true }).click();
    const file = join(work, 'big.json');
    const state = largeState(BULK);
    writeFileSync(file, JSON.stringify(state));
    await page.getByLabel('Import state…').setInputFiles(file);
    await page.getByText('"big.json" restored.').waitFor();
    await page.getByRole('button', { name: 'Bank', exact: true }).click();
    await page
      .getByRole('button', { name: new RegExp(fixtureAccount.accountName) })
      .first()
      .click();
    const total = transactionsOf(fixtureState.transactions[fixtureAccount.id]).length + BULK;
    const all = `${total.toLocaleString('en')} of ${total.toLocaleString('en')}`;
    const one = `1 of ${total.toLocaleString('en')}`;
    await page.getByText(all).waitFor();
    const box = page.getByLabel('Search');
    const search: number[] = [];
    const clear: number[] = [];
    for (let i = 0; i < searches; i++) {
      search.push(
        await typedUntil(box, `Bulk transaction ${BULK - 1 - i}`, { selector: '.count', text: one }),
      );
      clear.push(await typedUntil(box, '', { selector: '.count', text: all }));
    }
    // The search's own work on the same texts, in the same page: made once, as the app caches them.
    const texts = transactionsOf(state.transactions[fixtureAccount.id]).map(searchText);
    const bareFilter = await page.evaluate(
      ({ texts, searches, bulk }) => {
        const times: number[] = [];
        for (let i = 0; i < searches; i++) {
          const needle = `bulk transaction ${bulk - 1 - i}`;
          const started = performance.now();
          const found = texts.filter((text) => text.includes(needle));
          times.push(performance.now() - started);
          if (found.length === 0) throw new Error(`no text holds ${needle}`);
        }
        return times;
      },
      { texts, searches, bulk: BULK },
    );
    await page.getByRole('button', { name: 'State', exact: true }).click();
    const tree = page.getByRole('tree');
    await tree.waitFor();
    const treeBox = page.getByRole('region', { name: 'State tree' }).getByLabel('Search');
    const treeSearch: number[] = [];
    for (let i = 0; i < searches; i++) {
      const query = `Bulk transaction ${BULK - 1 - searches - i}`;
      treeSearch.push(await typedUntil(treeBox, query, { selector: '[role="treeitem"]', text: query }));
      await typedUntil(treeBox, '', { selector: '[role="treeitem"]', text: 'transactions' });
    }
    return {
      transactions: total,
      search: stats(search),
      clear: stats(clear),
      treeSearch: stats(treeSearch),
      bareFilter: stats(bareFilter),
    };
  } finally {
    await site.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export function printPlaygroundSearch(result: PlaygroundSearch): void {
  const ms = (s: Stats) => `${s.p50.toFixed(1)} ms (worst ${s.worst.toFixed(1)} ms)`;
  console.log(
    `\nplayground, in-page bank of ${result.transactions.toLocaleString('en')} transactions, ${result.search.samples} searches each (medians)`,
  );
  console.log(`  transaction search, typed to its one match listed: ${ms(result.search)}`);
  console.log(`  clearing it, to the whole list again:               ${ms(result.clear)}`);
  console.log(`  state tree search, to the matching row:             ${ms(result.treeSearch)}`);
  console.log(`  beside them: a bare filter of the same texts in the page ${ms(result.bareFilter)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printPlaygroundSearch(await playgroundSearch());
