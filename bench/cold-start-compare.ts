/**
 * `pnpm bench:cold-start <other-worker.js>`: the cold start with 100 000 transactions stored, this
 * checkout's worker against another build of it (say, an earlier commit's
 * `packages/service-worker/dist/sandbank-sw.js`), restarts interleaved in one Chromium run, each worker
 * on its own origin. For changes to the stored layout, where one run's noise would hide the difference.
 * Two first requests: `GET /_sandbank/clock` (reads no ledger) and one account's first page of
 * transactions through the mock-data API (reads that account's ledger, one of the seed's accounts).
 */
import { readFileSync } from 'node:fs';
import { startAppServer } from '@sandbank/test-support/browser/app-server';
import { launchChromium } from '@sandbank/test-support/browser/chromium';
import { registered } from '@sandbank/test-support/browser/page';
import { stateWithTransactions } from './lib/big-state.js';
import { stats } from './lib/measure.js';
import { coldStart, importState, storageSettled, writes } from './service-worker.js';

const other = process.argv[2];
if (other === undefined) {
  console.error('usage: pnpm bench:cold-start <path of another sandbank-sw.js>');
  process.exit(2);
}
const restarts = Number(process.env.BENCH_RESTARTS ?? 15);
const state = stateWithTransactions(100_000, Date.now());
const account = Object.keys(state.transactions)[0] as string;
const firstRequests = {
  'GET /_sandbank/clock': '/_sandbank/clock',
  [`one account's transactions (${state.transactions[account]?.flat().length} of them)`]: `/v1/sandbox/accounts/${account}/transactions?limit=10`,
};
const files = {
  '/bench/state-100k.json': ['application/json', JSON.stringify(state)] as [string, string],
};
const [browser, otherApp, thisApp] = await Promise.all([
  launchChromium(),
  startAppServer({ crossOriginIsolated: true, worker: readFileSync(other, 'utf8'), files }),
  startAppServer({ crossOriginIsolated: true, files }),
]);
type Run = Awaited<ReturnType<typeof coldStart>>;
try {
  const contenders = [
    { name: other, app: otherApp },
    { name: 'this checkout', app: thisApp },
  ].map((contender) => ({ ...contender, runs: new Map<string, Run[]>() }));
  const pages = [];
  for (const { app } of contenders) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.origin}/`);
    // Unsigned requests: a cold start's cost is the restore, not a signature check.
    await registered(page, { maxBodyBytes: 64 * 1024 * 1024, signatures: 'off' });
    await importState(page, '/bench/state-100k.json');
    // More writes than compactEvery: what a stopped worker finds is a snapshot and a short log.
    await writes(page, 120);
    await storageSettled(page);
    pages.push(page);
  }
  for (let i = 0; i < restarts; i++) {
    for (const [name, path] of Object.entries(firstRequests)) {
      for (const [index, contender] of contenders.entries()) {
        const runs = contender.runs.get(name) ?? [];
        runs.push(await coldStart(pages[index] as (typeof pages)[number], path));
        contender.runs.set(name, runs);
      }
    }
  }
  console.log(
    `stopped worker → first answer, 100 000 transactions stored, ${restarts} restarts each, interleaved (ms)`,
  );
  for (const name of Object.keys(firstRequests)) {
    console.log(`first request: ${name}`);
    const medians = contenders.map(({ name: contender, runs: byRequest }) => {
      const runs = byRequest.get(name) ?? [];
      const first = stats(runs.map((run) => run.firstAnswer));
      const chunks = stats(runs.map((run) => run.verify));
      const worst = Math.max(...runs.map((run) => run.firstAnswer));
      console.log(
        `  ${contender}: median ${first.p50.toFixed(1)}, worst ${worst.toFixed(1)}; ledger chunks read + checked ${chunks.p50.toFixed(1)}`,
      );
      return first.p50;
    });
    console.log(
      `  this checkout / the other, medians: ${((medians[1] as number) / (medians[0] as number)).toFixed(2)}×`,
    );
  }
} finally {
  await browser.close();
  await Promise.all([otherApp.close(), thisApp.close()]);
}
