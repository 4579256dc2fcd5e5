/**
 * The service-worker benchmark, all in one Chromium run, measured from the page:
 * - a SIGNED `GET /v1/accounts` (after a consent walked through the SCA pages) answered by the Sandbank
 *   worker, against the same request answered by a real MSW worker (`msw/browser` + its
 *   mockServiceWorker.js) with a static JSON body, and by a bare worker answering `new Response('{}')`
 *   (the floor): median, p99, and throughput with 8 requests in flight;
 * - the cost of a control-plane write with 1 000 and with 100 000 transactions in the state;
 * - the time from a stopped worker (DevTools `ServiceWorker.stopAllWorkers`) to the first answer with
 *   100 000 transactions stored.
 * Run: `pnpm bench` or `pnpm bench:worker` (BENCH_REQUESTS=500 by default), or after `pnpm bench:build`
 * `pnpm exec tsx bench/service-worker.ts [requests]`.
 * Writes bench/results/service-worker.json.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startAppServer } from '@sandbank/test-support/browser/app-server';
import { launchChromium } from '@sandbank/test-support/browser/chromium';
import {
  approveConsentInPages,
  registered,
  signedFetch,
  signedHeaders,
  stopWorkers,
} from '@sandbank/test-support/browser/page';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { stateWithTransactions } from './lib/big-state.js';
import { type Stats, stats } from './lib/measure.js';
import { writeResult } from './lib/results.js';

const ACCOUNTS = '/v1/accounts';
const KARI = '13039319955';
const SESSION = 'bench-session';

/** A bare worker answering `body` (a JS expression) to GET /v1/accounts. */
export const bareWorker = (body: string) => `
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname === '${ACCOUNTS}') {
    event.respondWith(new Response(${body}, { headers: { 'content-type': 'application/json' } }));
  }
});
`;

export const barePage = (scope: string) => `<!doctype html><meta charset="utf-8"><title>bare</title><script>
window.ready = navigator.serviceWorker.register('${scope}sw.js', { scope: '${scope}' }).then(async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  }
});
</script>`;

/**
 * The contenders: the floor the issue names (a string body), the same bare worker with a stream
 * body (Chromium moves a stream to the page through a data pipe, a string through a blob: the stream
 * is faster, and it is how the Sandbank worker answers), MSW, and Sandbank.
 */
type Contender = 'floor' | 'streamFloor' | 'msw' | 'sandbank';

const MSW_PAGE = `<!doctype html><meta charset="utf-8"><title>msw</title><script src="/msw/app.js"></script>`;

/** The page side of MSW: setupWorker with one handler answering a static JSON body. */
async function mswApp(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `
import { setupWorker } from 'msw/browser';
import { http, HttpResponse } from 'msw';
window.mswBody = '{}';
const worker = setupWorker(
  http.get('${ACCOUNTS}', () => new HttpResponse(window.mswBody, { headers: { 'content-type': 'application/json' } })),
);
window.ready = worker.start({
  serviceWorker: { url: '/msw/mockServiceWorker.js', options: { scope: '/msw/' } },
  quiet: true,
  onUnhandledRequest: 'bypass',
});`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** MSW's own worker script, as `msw init` would copy it. */
export function mswWorkerScript(): string {
  return readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
}

export type HeaderList = Array<[string, string]>;

/** Sequential round trips of GET /v1/accounts with the given headers, in ms. */
export function sequential(page: Page, headers: HeaderList[], expectStatus: number): Promise<number[]> {
  return page.evaluate(
    async ({ headers, path, expectStatus }) => {
      const times: number[] = [];
      for (const set of headers) {
        const started = performance.now();
        const response = await fetch(path, { headers: set });
        await response.text();
        times.push(performance.now() - started);
        if (response.status !== expectStatus) throw new Error(`status ${response.status}`);
      }
      return times;
    },
    { headers, path: ACCOUNTS, expectStatus },
  );
}

/** Requests per second with `inFlight` requests outstanding at any time. */
export function throughput(page: Page, headers: HeaderList[], inFlight: number): Promise<number> {
  return page.evaluate(
    async ({ headers, path, inFlight }) => {
      let next = 0;
      const started = performance.now();
      // No named function inside: tsx would wrap it in a helper the page does not have.
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < headers.length) {
            const set = headers[next++] as Array<[string, string]>;
            await (await fetch(path, { headers: set })).text();
          }
        }),
      );
      return (headers.length / (performance.now() - started)) * 1000;
    },
    { headers, path: ACCOUNTS, inFlight },
  );
}

/** Walks the consent SCA with clicks and returns the headers that read the consented accounts. */
export async function consent(page: Page, origin: string): Promise<Record<string, string>> {
  const redirectUri = `${origin}/callback`;
  const answer = await signedFetch(page, '/v1/bank-offered-consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': redirectUri, 'TPP-Session-ID': SESSION },
  });
  const created = JSON.parse(answer.body) as { _links: { scaRedirect: { href: string } } };
  const callback = await approveConsentInPages(page, created._links.scaRedirect.href, KARI);
  const psuId = callback.searchParams.get('psu-id');
  if (psuId === null) throw new Error(`the SCA ended without psu-id: ${page.url()}`);
  return {
    'PSU-ID': psuId,
    'TPP-Session-ID': SESSION,
    'TPP-Redirect-URI': redirectUri,
    'X-Accept-Fix': 'amount-as-string',
  };
}

/** Durations of `count` control-plane writes (each commits one change to IndexedDB). */
export function writes(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await fetch('/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 1 }),
      });
      await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`clock write: ${response.status}`);
    }
    return times;
  }, count);
}

/** Imports the state served at `file` through PUT /_sandbank/state. */
export async function importState(page: Page, file: string): Promise<void> {
  const status = await page.evaluate(async (file) => {
    const body = await (await fetch(file)).text();
    const response = await fetch('/_sandbank/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.text();
    return response.status;
  }, file);
  if (status >= 300) throw new Error(`importing ${file}: ${status}`);
}

interface ColdStart {
  firstAnswer: number;
  read: number;
  verify: number;
  fold: number;
}

/** From a stopped bare worker to its first answer, in ms: what the browser itself takes to start a worker. */
async function bareColdStart(page: Page): Promise<number> {
  await stopWorkers(page);
  return page.evaluate(async (path) => {
    const started = performance.now();
    await (await fetch(path)).text();
    return performance.now() - started;
  }, ACCOUNTS);
}

/**
 * From a stopped worker to the first answer of `GET path` (by default /_sandbank/clock, which reads
 * no ledger), in ms, with the restore's parts.
 */
export async function coldStart(page: Page, path = '/_sandbank/clock'): Promise<ColdStart> {
  await stopWorkers(page);
  return page.evaluate(async (path) => {
    const started = performance.now();
    const response = await fetch(path, { headers: { 'x-request-id': crypto.randomUUID() } });
    const body = await response.text();
    const firstAnswer = performance.now() - started;
    if (response.status !== 200) throw new Error(`after the restart: ${response.status} ${body}`);
    const report = (await (await fetch('/_sandbank/storage')).json()) as {
      restoreMs: { read: number; verify: number; fold: number };
    };
    return { firstAnswer, ...report.restoreMs };
  }, path);
}

/** Waits for the compaction that follows a pause in the writes. */
export async function storageSettled(page: Page): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const report = await page.evaluate(async () => (await fetch('/_sandbank/storage')).json());
    if ((report as { logEntries: number }).logEntries === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the worker did not compact its log within 10 s');
}

async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
  return page;
}

export interface ServiceWorkerReport {
  requests: number;
  latency: Record<Contender, Stats>;
  throughput: Record<Contender, number>;
  mutation: Record<'transactions1k' | 'transactions100k', Stats>;
  coldStart100k: Stats;
  /** The same for the bare worker: starting a worker at all. */
  coldStartFloor: Stats;
  /**
   * The restore inside the cold start: reading the snapshot record and the log; reading, checking and
   * parsing the ledger chunks; folding the log and validating.
   */
  restore100k: { read: Stats; verify: Stats; fold: Stats };
  stateBytes100k: number;
}

export async function runServiceWorkerBench(count = 500): Promise<ServiceWorkerReport> {
  const now = Date.now();
  const state1k = JSON.stringify(stateWithTransactions(1_000, now));
  const state100k = JSON.stringify(stateWithTransactions(100_000, now));
  const [browser, app] = await Promise.all([
    launchChromium(),
    startAppServer({
      crossOriginIsolated: true,
      files: {
        '/bare/sw.js': ['text/javascript', bareWorker("'{}'")],
        '/bare/': ['text/html', barePage('/bare/')],
        '/bare-stream/sw.js': ['text/javascript', bareWorker("new Response('{}').body")],
        '/bare-stream/': ['text/html', barePage('/bare-stream/')],
        '/msw/mockServiceWorker.js': ['text/javascript', mswWorkerScript()],
        '/msw/app.js': ['text/javascript', await mswApp()],
        '/msw/': ['text/html', MSW_PAGE],
        '/bench/state-1k.json': ['application/json', state1k],
        '/bench/state-100k.json': ['application/json', state100k],
      },
    }),
  ]);
  try {
    // One context each: separate origins' storage is not needed, but separate registrations are.
    const [sandboxContext, mswContext, bareContext, streamContext] = await Promise.all([
      browser.newContext(),
      browser.newContext(),
      browser.newContext(),
      browser.newContext(),
    ]);
    const start = await sandboxContext.newPage();
    await start.goto(`${app.origin}/`);
    await registered(start, {
      maxBodyBytes: 64 * 1024 * 1024,
    });
    const psu = await consent(start, app.origin);
    const sandbank = start; // now on /callback, controlled, with the TPP kit loaded
    const msw = await openPage(mswContext, `${app.origin}/msw/`);
    const bare = await openPage(bareContext, `${app.origin}/bare/`);
    const bareStream = await openPage(streamContext, `${app.origin}/bare-stream/`);
    // MSW answers the same body the bank does.
    const [sample] = await signedHeaders(sandbank, ACCOUNTS, psu, 1);
    const body = await sandbank.evaluate(
      async ({ path, headers }) => (await fetch(path, { headers })).text(),
      { path: ACCOUNTS, headers: sample as HeaderList },
    );
    await msw.evaluate((body) => {
      (window as unknown as { mswBody: string }).mswBody = body;
    }, body);

    // Blocks of freshly signed requests (the bank accepts a signature dated within 60 s), the
    // contenders interleaved block by block so machine noise falls on all alike.
    const block = 100;
    const pages: Record<Contender, Page> = { sandbank, msw, floor: bare, streamFloor: bareStream };
    const contenders = Object.keys(pages) as Contender[];
    const samples = { floor: [], streamFloor: [], msw: [], sandbank: [] } as Record<Contender, number[]>;
    const warm = await signedHeaders(sandbank, ACCOUNTS, psu, 50);
    for (const contender of contenders) await sequential(pages[contender], warm, 200);
    for (let done = 0; done < count; done += block) {
      const headers = await signedHeaders(sandbank, ACCOUNTS, psu, Math.min(block, count - done));
      for (const contender of contenders)
        samples[contender].push(...(await sequential(pages[contender], headers, 200)));
    }
    // Throughput in interleaved rounds too, each contender's median round reported.
    const rounds = { floor: [], streamFloor: [], msw: [], sandbank: [] } as Record<Contender, number[]>;
    for (let round = 0; round < 7; round++) {
      const parallel = await signedHeaders(sandbank, ACCOUNTS, psu, 200);
      for (const contender of contenders)
        rounds[contender].push(await throughput(pages[contender], parallel, 8));
    }
    const rps = Object.fromEntries(contenders.map((c) => [c, stats(rounds[c]).p50])) as Record<
      Contender,
      number
    >;

    // At least the worker's compactEvery (100) writes, so the log is folded into a snapshot before the
    // cold starts below (storageSettled waits for that).
    const mutations = Math.max(100, Math.min(count, 300));
    await importState(sandbank, '/bench/state-1k.json');
    await writes(sandbank, 20);
    const mutation1k = stats(await writes(sandbank, mutations));
    await importState(sandbank, '/bench/state-100k.json');
    await writes(sandbank, 20);
    const mutation100k = stats(await writes(sandbank, mutations));
    const restarts: ColdStart[] = [];
    // What a stopped worker finds after the writes have paused: the snapshot plus a short log.
    await storageSettled(sandbank);
    const bareRestarts: number[] = [];
    for (let i = 0; i < 9; i++) {
      restarts.push(await coldStart(sandbank));
      bareRestarts.push(await bareColdStart(bare));
    }

    await Promise.all([
      sandboxContext.close(),
      mswContext.close(),
      bareContext.close(),
      streamContext.close(),
    ]);
    return {
      requests: count,
      latency: Object.fromEntries(contenders.map((c) => [c, stats(samples[c])])) as Record<Contender, Stats>,
      throughput: rps,
      mutation: { transactions1k: mutation1k, transactions100k: mutation100k },
      coldStart100k: stats(restarts.map((r) => r.firstAnswer)),
      coldStartFloor: stats(bareRestarts),
      restore100k: {
        read: stats(restarts.map((r) => r.read)),
        verify: stats(restarts.map((r) => r.verify)),
        fold: stats(restarts.map((r) => r.fold)),
      },
      stateBytes100k: state100k.length,
    };
  } finally {
    await browser.close();
    await app.close();
  }
}

const ms = (value: number) => value.toFixed(3).padStart(9);
const times = (value: number) => `${value.toFixed(2)}×`.padStart(7);

export function printReport(report: ServiceWorkerReport): void {
  const { latency, throughput: rps } = report;
  console.log(
    `signed GET ${ACCOUNTS} from the page, ${report.requests} sequential requests each, contenders interleaved (ms)`,
  );
  console.log(
    `${'worker'.padEnd(34)} ${'median'.padStart(9)} ${'p99'.padStart(9)} ${'×floor'.padStart(7)} ${'p99×'.padStart(7)} ${'req/s@8'.padStart(9)} ${'×floor'.padStart(7)}`,
  );
  const rows: Array<[string, Contender]> = [
    ["bare: new Response('{}') (floor)", 'floor'],
    ['bare, stream body', 'streamFloor'],
    ['MSW 2: static JSON body', 'msw'],
    ['Sandbank: engine, signature check', 'sandbank'],
  ];
  for (const [label, key] of rows) {
    const s = latency[key];
    console.log(
      `${label.padEnd(34)} ${ms(s.p50)} ${ms(s.p99)} ${times(s.p50 / latency.floor.p50)} ${times(s.p99 / latency.floor.p99)} ${rps[key].toFixed(0).padStart(9)} ${times(rps[key] / rps.floor)}`,
    );
  }
  const { sandbank, streamFloor } = latency;
  console.log(
    `Sandbank against the bare worker with a stream body (the same body transport): median ${times(sandbank.p50 / streamFloor.p50).trim()}, p99 ${times(sandbank.p99 / streamFloor.p99).trim()}, throughput ${times(rps.sandbank / rps.streamFloor).trim()}`,
  );
  const { transactions1k: small, transactions100k: big } = report.mutation;
  console.log('\ncontrol-plane write (POST /_sandbank/clock, one IndexedDB commit) (ms)');
  console.log(`${'state'.padEnd(34)} ${'median'.padStart(9)} ${'p99'.padStart(9)} ${'×1k'.padStart(7)}`);
  console.log(`${'1 000 transactions'.padEnd(34)} ${ms(small.p50)} ${ms(small.p99)} ${times(1)}`);
  console.log(
    `${'100 000 transactions'.padEnd(34)} ${ms(big.p50)} ${ms(big.p99)} ${times(big.p50 / small.p50)}`,
  );
  const cold = report.coldStart100k;
  console.log(
    `\nstopped worker → first answer, 100 000 transactions stored (${(report.stateBytes100k / 1e6).toFixed(1)} MB as plain JSON): median ${cold.p50.toFixed(1)} ms, worst ${Math.max(cold.p99, cold.p50).toFixed(1)} ms over ${cold.samples}`,
  );
  console.log(
    `  of which restoring: snapshot record and log ${report.restore100k.read.p50.toFixed(1)} ms, ledger chunks read + checked ${report.restore100k.verify.p50.toFixed(1)} ms, log fold + validation ${report.restore100k.fold.p50.toFixed(1)} ms (medians)`,
  );
  console.log(
    `  a stopped bare worker's first answer (starting a worker at all): median ${report.coldStartFloor.p50.toFixed(1)} ms`,
  );
}

export function writeReport(report: ServiceWorkerReport): string {
  return writeResult('service-worker.json', { at: new Date().toISOString(), ...report });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runServiceWorkerBench(Number(process.argv[2] ?? 500));
  printReport(report);
  console.log(`\nwritten to ${writeReport(report)}`);
}
