/**
 * `pnpm bench:first-visit`: a page's first visit, as a reader of an interactive docs page or a new
 * user of a TPP prototype has it: a browser with nothing stored, the worker registered, installed and
 * in control, and the first answer read. Timed in the page from the call that starts the worker to
 * that answer (the page's own scripts loaded before; how large they are is the app bundler's matter:
 * Vite 8 loads `registerSandbox` in a 10 KB module and the engine only on demand), for the Sandbank
 * worker (`registerSandbox()`, then `GET /v1/sandbox/customers`: the bank seeded and stored in
 * IndexedDB first; and again with `autoSign: 'both'`, the request signed in the worker with the preset
 * identity, as a docs page's first Try it is), MSW's worker (`setupWorker().start()`, a static JSON body) and a bare worker
 * answering `new Response('{}')` (the floor). Each round opens a fresh browser context per contender,
 * the contenders in turn (`BENCH_ROUNDS`, default 9); medians and the worst.
 */
import { fileURLToPath } from 'node:url';
import { startAppServer } from '@sandbank/test-support/browser/app-server';
import { launchChromium } from '@sandbank/test-support/browser/chromium';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { stats } from './lib/measure.js';
import { mswWorkerScript } from './service-worker.js';

/** A page module as an app bundles it: `window.start()` starts the worker and reads the first answer. */
async function pageModule(contents: string): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** A page that registers the Sandbank worker with `options` (source text) and reads its first answer. */
const sandbankPage = (options: string) => `
import { registerSandbox } from '@sandbank/service-worker';
(window as any).start = async () => {
  await registerSandbox(${options});
  const answer = await fetch('/v1/sandbox/customers', { headers: { 'X-Request-ID': 'first-visit' } });
  if (answer.status !== 200) throw new Error('status ' + answer.status);
  await answer.text();
};`;

const MSW = `
import { setupWorker } from 'msw/browser';
import { http, HttpResponse } from 'msw';
const worker = setupWorker(http.get('/v1/accounts', () => HttpResponse.json({})));
(window as any).start = async () => {
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'bypass' });
  await (await fetch('/v1/accounts')).text();
};`;

const BARE = `
(window as any).start = async () => {
  await navigator.serviceWorker.register('/first-bare-sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  }
  await (await fetch('/v1/accounts')).text();
};`;

const BARE_WORKER = `
self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname === '/v1/accounts') event.respondWith(new Response('{}'));
});`;

const html = (script: string) =>
  `<!doctype html><meta charset="utf-8"><title>first visit</title><script src="${script}"></script>`;

const contenders = {
  "bare worker, `new Response('{}')`": '/first-bare.html',
  'MSW 2 `setupWorker().start()`, static JSON': '/first-msw.html',
  'Sandbank `registerSandbox()`, the seeded bank stored': '/first-sandbank.html',
  "the same, the request signed in the worker (`autoSign: 'both'`, a docs page's Try it)":
    '/first-signed.html',
} as const;

/** Milliseconds from starting the worker to the first answer read, in a browser context with nothing stored. */
async function visit(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(url);
    return await tab.evaluate(async () => {
      const started = performance.now();
      await (window as unknown as { start: () => Promise<void> }).start();
      return performance.now() - started;
    });
  } finally {
    await context.close();
  }
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const [browser, app] = await Promise.all([
  launchChromium(),
  startAppServer({
    files: {
      '/first-sandbank.html': ['text/html', html('/first-sandbank.js')],
      '/first-sandbank.js': ['text/javascript', await pageModule(sandbankPage("{ signatures: 'off' }"))],
      '/first-signed.html': ['text/html', html('/first-signed.js')],
      '/first-signed.js': ['text/javascript', await pageModule(sandbankPage("{ autoSign: 'both' }"))],
      '/first-msw.html': ['text/html', html('/first-msw.js')],
      '/first-msw.js': ['text/javascript', await pageModule(MSW)],
      '/mockServiceWorker.js': ['text/javascript', mswWorkerScript()],
      '/first-bare.html': ['text/html', html('/first-bare.js')],
      '/first-bare.js': ['text/javascript', await pageModule(BARE)],
      '/first-bare-sw.js': ['text/javascript', BARE_WORKER],
    },
  }),
]);
try {
  const names = Object.keys(contenders) as Array<keyof typeof contenders>;
  const samples = new Map<string, number[]>(names.map((name) => [name, []]));
  // One visit of each to warm the server and Chromium's own code, not timed.
  for (const name of names) await visit(browser, `${app.origin}${contenders[name]}`);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as keyof typeof contenders;
      samples.get(name)?.push(await visit(browser, `${app.origin}${contenders[name]}`));
    }
  }
  const floor = stats(samples.get(names[0] as string) ?? []).p50;
  console.log(`a first visit: the worker started to the first answer read, ${rounds} rounds (ms)`);
  console.log('| contender | median | worst | median vs the bare worker |\n|---|---|---|---|');
  for (const name of names) {
    const times = samples.get(name) ?? [];
    const s = stats(times);
    console.log(
      `| ${name} | ${s.p50.toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${(s.p50 / floor).toFixed(2)}× |`,
    );
  }
} finally {
  await Promise.all([browser.close(), app.close()]);
}
