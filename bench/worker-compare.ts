/**
 * `pnpm bench:worker-compare <sandbank-sw.js>`: the signed `GET /v1/accounts` of `pnpm bench:worker`
 * through this checkout's worker and through another build of it (e.g. main's, built there with
 * `pnpm --filter @sandbank/service-worker build`), beside the bare worker with a stream body, in one
 * Chromium run: each worker on its own origin with its own consent, the contenders interleaved block
 * by block (`BENCH_REQUESTS` sequential requests each, default 500), then throughput with 8 in flight in
 * `BENCH_ROUNDS` interleaved rounds (default 7). The machine's noise falls on both builds alike, which
 * alternating whole runs of `pnpm bench:worker` cannot give on a shared machine. Beside the times, the
 * CPU all of Chromium's processes spent per sequential request, in all and by thread (from /proc,
 * Linux only: bench/lib/browser-cpu.ts).
 */
import { readFileSync } from 'node:fs';
import { type AppServer, startAppServer } from '@sandbank/test-support/browser/app-server';
import { launchChromium } from '@sandbank/test-support/browser/chromium';
import { registered, signedHeaders } from '@sandbank/test-support/browser/page';
import type { Browser, Page } from 'playwright-core';
import { addCpuSince, type BrowserCpu, browserCpu } from './lib/browser-cpu.js';
import { stats } from './lib/measure.js';
import { barePage, bareWorker, consent, type HeaderList, sequential, throughput } from './service-worker.js';

const ACCOUNTS = '/v1/accounts';

/** A page controlled by the Sandbank worker `app` serves, with a consent and its signer. */
async function bank(browser: Browser, app: AppServer) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${app.origin}/`);
  await registered(page, {});
  const psu = await consent(page, app.origin);
  return { page, sign: (count: number) => signedHeaders(page, ACCOUNTS, psu, count) };
}

/**
 * The browser's CPU a sequential request by thread, µs, each contender in a column, the threads in
 * the order of `sortBy`'s; threads under 10 µs a request for every contender left out. Live threads
 * only: the total line above also counts threads that ended during the run.
 */
function printByThread<Name extends string>(
  names: Name[],
  sortBy: Name,
  cpu: Record<Name, BrowserCpu>,
  requests: (name: Name) => number,
): void {
  const perRequest = (name: Name, key: string) =>
    ((cpu[name].byThread.get(key) ?? 0) / requests(name)) * 1000;
  const keys = [...new Set(names.flatMap((name) => [...cpu[name].byThread.keys()]))]
    .filter((key) => names.some((name) => perRequest(name, key) >= 10))
    .sort((x, y) => perRequest(sortBy, y) - perRequest(sortBy, x));
  console.log(`browser CPU a sequential request by thread (µs): ${names.join(' / ')}`);
  for (const key of keys) {
    const cells = names.map((name) => perRequest(name, key).toFixed(0).padStart(7)).join('');
    console.log(`  ${key.padEnd(40)}${cells}`);
  }
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (other === undefined)
    throw new Error('usage: pnpm bench:worker-compare <path of another sandbank-sw.js>');
  const count = Number(process.env.BENCH_REQUESTS ?? 500);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  const browser = await launchChromium();
  const files: Record<string, [string, string]> = {
    '/bare-stream/sw.js': ['text/javascript', bareWorker("new Response('{}').body")],
    '/bare-stream/': ['text/html', barePage('/bare-stream/')],
  };
  const [here, there] = await Promise.all([
    startAppServer({ crossOriginIsolated: true, files }),
    startAppServer({ crossOriginIsolated: true, worker: readFileSync(other, 'utf8') }),
  ]);
  try {
    const banks = { here: await bank(browser, here), other: await bank(browser, there) };
    const bare: Page = await (await browser.newContext()).newPage();
    await bare.goto(`${here.origin}/bare-stream/`);
    await bare.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);

    type Name = 'bare' | 'here' | 'other';
    const names: Name[] = ['bare', 'here', 'other'];
    const page = (name: Name) => (name === 'bare' ? bare : banks[name].page);
    const headers = async (n: number): Promise<Record<Name, HeaderList[]>> => {
      const [mine, theirs] = await Promise.all([banks.here.sign(n), banks.other.sign(n)]);
      return { bare: mine, here: mine, other: theirs };
    };
    const warm = await headers(50);
    for (const name of names) await sequential(page(name), warm[name], 200);
    const samples: Record<Name, number[]> = { bare: [], here: [], other: [] };
    const none = (): BrowserCpu => ({ total: 0, byThread: new Map() });
    const cpu: Record<Name, BrowserCpu> = { bare: none(), here: none(), other: none() };
    for (let done = 0, block = 0; done < count; done += 100, block++) {
      const signed = await headers(Math.min(100, count - done));
      // The order turns each block, so no contender always follows the same neighbour.
      for (let i = 0; i < names.length; i++) {
        const name = names[(block + i) % names.length] as Name;
        const before = browserCpu();
        samples[name].push(...(await sequential(page(name), signed[name], 200)));
        addCpuSince(cpu[name], before, browserCpu());
      }
    }
    const rps: Record<Name, number[]> = { bare: [], here: [], other: [] };
    for (let round = 0; round < rounds; round++) {
      const signed = await headers(200);
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length] as Name;
        rps[name].push(await throughput(page(name), signed[name], 8));
      }
    }
    const row = (name: Name) => {
      const s = stats(samples[name]);
      return {
        p50: s.p50,
        p99: s.p99,
        rps: stats(rps[name]).p50,
        cpu: cpu[name].total / samples[name].length,
      };
    };
    const bareRow = row('bare');
    console.log(
      `signed GET ${ACCOUNTS}: ${count} sequential requests and ${rounds} throughput rounds each (ms)`,
    );
    for (const name of names) {
      const r = row(name);
      const label = {
        bare: 'bare worker, stream body',
        here: 'Sandbank, this checkout',
        other: `Sandbank, ${other}`,
      }[name];
      console.log(
        `${label.padEnd(44)} median ${r.p50.toFixed(3)} (${(r.p50 / bareRow.p50).toFixed(2)}×)  p99 ${r.p99.toFixed(3)} (${(r.p99 / bareRow.p99).toFixed(2)}×)  req/s@8 ${r.rps.toFixed(0)} (${(r.rps / bareRow.rps).toFixed(2)}×)  browser CPU ${r.cpu.toFixed(2)} ms a request`,
      );
    }
    const a = row('here');
    const b = row('other');
    console.log(
      `this checkout against the other build: median ${(a.p50 / b.p50).toFixed(2)}×, p99 ${(a.p99 / b.p99).toFixed(2)}×, throughput ${(a.rps / b.rps).toFixed(2)}×, browser CPU a request ${(a.cpu / b.cpu).toFixed(2)}×`,
    );
    printByThread(names, 'here', cpu, (name) => samples[name].length);
  } finally {
    await browser.close();
    await Promise.all([here.close(), there.close()]);
  }
}

await main();
