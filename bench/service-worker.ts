/**
 * Issue 6 benchmark: latency of a GET (and of a committed write) answered by the Sandbank worker (engine + request log +
 * broadcast) against a bare worker answering `new Response('{}')`, measured from the page in Chromium.
 * Run: `pnpm exec tsx bench/service-worker.ts [requests]`.
 */
import type { Page } from 'playwright-core';
import { startAppServer } from '../test/browser/support/app-server.js';
import { launchChromium } from '../test/browser/support/chromium.js';
import { registered } from '../test/browser/support/page.js';

const BARE_WORKER = `
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname.startsWith('/bare/api')) {
    event.respondWith(new Response('{}', { headers: { 'content-type': 'application/json' } }));
  }
});
`;

const BARE_PAGE = `<!doctype html><meta charset="utf-8"><title>bare</title><script>
window.ready = navigator.serviceWorker.register('/bare/sw.js', { scope: '/bare/' }).then(async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  }
});
</script>`;

interface Figures {
  label: string;
  median: number;
  p99: number;
  mean: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(
  page: Page,
  label: string,
  path: string,
  count: number,
  body: string | null = null,
): Promise<Figures> {
  const samples = await page.evaluate(
    async ({ path, count, body }) => {
      const init: RequestInit = {
        headers: {
          'x-request-id': '6b7f3c8e-5c0a-4a4e-9a43-3f1f1b2f0c11',
          'content-type': 'application/json',
        },
        ...(body === null ? {} : { method: 'POST', body }),
      };
      for (let i = 0; i < 20; i++) await (await fetch(path, init)).text();
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await (await fetch(path, init)).text();
        times.push(performance.now() - started);
      }
      return times;
    },
    { path, count, body },
  );
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    label,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: samples.reduce((sum, t) => sum + t, 0) / samples.length,
  };
}

export async function runServiceWorkerBench(count = 500): Promise<Figures[]> {
  const [browser, app] = await Promise.all([
    launchChromium(),
    startAppServer({
      files: {
        '/bare/sw.js': ['text/javascript', BARE_WORKER],
        '/bare/': ['text/html', BARE_PAGE],
      },
    }),
  ]);
  try {
    const context = await browser.newContext();
    const sandbank = await context.newPage();
    await sandbank.goto(`${app.origin}/`);
    await registered(sandbank);
    const bare = await context.newPage();
    await bare.goto(`${app.origin}/bare/`);
    await bare.evaluate(() => (window as unknown as { ready: Promise<void> }).ready);
    return [
      await measure(bare, "bare worker: new Response('{}')", '/bare/api/x', count),
      await measure(sandbank, 'Sandbank: GET /_sandbank/clock', '/_sandbank/clock', count),
      await measure(sandbank, 'Sandbank: GET /v1/sandbox/customers', '/v1/sandbox/customers', count),
      await measure(
        sandbank,
        'Sandbank: POST /_sandbank/clock (IndexedDB)',
        '/_sandbank/clock',
        count,
        JSON.stringify({ advanceMinutes: 1 }),
      ),
    ];
  } finally {
    await browser.close();
    await app.close();
  }
}

export function printFigures(figures: Figures[], count: number): void {
  console.log(`service worker round trip from the page, ${count} sequential requests each (ms)`);
  console.log(`${'case'.padEnd(46)} ${'median'.padStart(8)} ${'p99'.padStart(8)} ${'mean'.padStart(8)}`);
  for (const f of figures) {
    console.log(
      `${f.label.padEnd(46)} ${f.median.toFixed(3).padStart(8)} ${f.p99.toFixed(3).padStart(8)} ${f.mean.toFixed(3).padStart(8)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 500);
  printFigures(await runServiceWorkerBench(count), count);
}
