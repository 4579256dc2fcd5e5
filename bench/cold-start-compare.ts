/**
 * `pnpm bench:cold-start <other-worker.js>`: the cold start with 100 000 transactions stored, this
 * checkout's worker against another build of it (say, an earlier commit's
 * `packages/service-worker/dist/sandbank-sw.js`), restarts interleaved in one Chromium run, each worker
 * on its own origin. For changes to the stored layout, where one run's noise would hide the difference.
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
const files = {
  '/bench/state-100k.json': [
    'application/json',
    JSON.stringify(stateWithTransactions(100_000, Date.now())),
  ] as [string, string],
};
const [browser, otherApp, thisApp] = await Promise.all([
  launchChromium(),
  startAppServer({ crossOriginIsolated: true, worker: readFileSync(other, 'utf8'), files }),
  startAppServer({ crossOriginIsolated: true, files }),
]);
try {
  const contenders = [
    { name: other, app: otherApp, runs: [] as Array<{ firstAnswer: number; verify: number }> },
    { name: 'this checkout', app: thisApp, runs: [] as Array<{ firstAnswer: number; verify: number }> },
  ];
  const pages = [];
  for (const { app } of contenders) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.origin}/`);
    await registered(page, { maxBodyBytes: 64 * 1024 * 1024 });
    await importState(page, '/bench/state-100k.json');
    // More writes than compactEvery: what a stopped worker finds is a snapshot and a short log.
    await writes(page, 120);
    await storageSettled(page);
    pages.push(page);
  }
  for (let i = 0; i < restarts; i++) {
    for (const [index, contender] of contenders.entries())
      contender.runs.push(await coldStart(pages[index] as (typeof pages)[number]));
  }
  console.log(
    `stopped worker → first answer, 100 000 transactions stored, ${restarts} restarts each, interleaved (ms)`,
  );
  const medians = contenders.map(({ name, runs }) => {
    const first = stats(runs.map((run) => run.firstAnswer));
    const chunks = stats(runs.map((run) => run.verify));
    const worst = Math.max(...runs.map((run) => run.firstAnswer));
    console.log(
      `${name}: median ${first.p50.toFixed(1)}, worst ${worst.toFixed(1)}; ledger chunks read + checked ${chunks.p50.toFixed(1)}`,
    );
    return first.p50;
  });
  console.log(
    `this checkout / the other, medians: ${((medians[1] as number) / (medians[0] as number)).toFixed(2)}×`,
  );
} finally {
  await browser.close();
  await Promise.all([otherApp.close(), thisApp.close()]);
}
