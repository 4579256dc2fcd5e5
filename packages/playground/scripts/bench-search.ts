/**
 * `npx --yes pnpm@10 bench:playground` (this package's `bench`): the playground's searches over a bank of 100 000 transactions, in the built
 * app in Chromium (the in-page bank: a 30 MB state is over the worker's body limit). Each search types
 * a query that matches one transaction and waits for the list (or the state tree) to show it; each
 * clearing waits for the whole list again. Beside them, in the same page: a bare `filter` of the same
 * 100 000 lower-cased texts (the search's own work, without the app), and a Playwright round trip
 * (what every timing from Node includes). Medians over `BENCH_SEARCHES` searches (default 7), the queries
 * differing so no answer is a repeat.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltSite } from '@sandbank/test-support/browser/built-site';
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
  /** `page.evaluate(() => 0)`: the round trip every timing above includes. */
  roundTrip: Stats;
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
    const timed = async (act: () => Promise<unknown>) => {
      const started = performance.now();
      await act();
      return performance.now() - started;
    };
    const search: number[] = [];
    const clear: number[] = [];
    const roundTrip: number[] = [];
    for (let i = 0; i < searches; i++) {
      search.push(
        await timed(async () => {
          await box.fill(`Bulk transaction ${BULK - 1 - i}`);
          await page.getByText(one).waitFor();
        }),
      );
      clear.push(
        await timed(async () => {
          await box.fill('');
          await page.getByText(all).waitFor();
        }),
      );
      roundTrip.push(await timed(() => page.evaluate(() => 0)));
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
      treeSearch.push(
        await timed(async () => {
          await treeBox.fill(query);
          await tree
            .getByRole('treeitem', { name: new RegExp(`${query}\\b`) })
            .first()
            .waitFor();
        }),
      );
      await treeBox.fill('');
    }
    return {
      transactions: total,
      search: stats(search),
      clear: stats(clear),
      treeSearch: stats(treeSearch),
      bareFilter: stats(bareFilter),
      roundTrip: stats(roundTrip),
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
  console.log(
    `  beside them: a bare filter of the same texts in the page ${ms(result.bareFilter)}; a Playwright round trip ${ms(result.roundTrip)}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printPlaygroundSearch(await playgroundSearch());
