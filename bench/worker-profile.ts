/**
 * `pnpm bench:worker-profile`: where a signed `GET /v1/accounts` spends its time inside the Sandbank
 * service worker, beside the bare worker with a stream body. Both workers run in one Chromium; after
 * 100 warm-up requests each, Chromium's V8 profiler (DevTools protocol, attached to each worker's
 * target, sampling every 50 µs) records `BENCH_REQUESTS` (default 500) sequential signed GETs from the
 * page, and the report gives each worker's time per request by function (self time), grouped by where
 * the code lives. The Sandbank worker is built with its own names kept (`keepIdentifiers`), so the
 * profile reads as the source does; the bench (`pnpm bench:worker`) measures the shipped, minified one.
 * Writes the raw profiles to bench/results/worker-*.cpuprofile (open them in DevTools).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildWorker } from '@sandbank/service-worker/internal';
import { startAppServer } from '@sandbank/test-support/browser/app-server';
import { launchChromium } from '@sandbank/test-support/browser/chromium';
import { registered, signedHeaders } from '@sandbank/test-support/browser/page';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { stats } from './lib/measure.js';
import { barePage, bareWorker, consent, sequential } from './service-worker.js';

const ACCOUNTS = '/v1/accounts';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * A DevTools session on a service worker's target, through the browser's session (Playwright opens
 * sessions on pages only): the target's messages go through Target.sendMessageToTarget.
 */
async function workerSession(browser: Browser, scriptPart: string) {
  const root: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await root.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(scriptPart));
  if (target === undefined) throw new Error(`no service worker target for ${scriptPart}`);
  const { sessionId } = await root.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  root.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
    if (message.id === undefined) return;
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) throw new Error(JSON.stringify(message.error));
    resolve?.(message.result);
  });
  return {
    async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      const answered = new Promise<unknown>((resolve) => pending.set(id, resolve));
      await root.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
      return (await answered) as T;
    },
  };
}

/** Where a sampled frame's code lives. */
function groupOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle (waiting: WebCrypto, IndexedDB, the page, IPC)';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'V8/Blink native (no script frame)';
  if (url === '') return `native: ${functionName}`;
  return 'worker script';
}

interface Row {
  name: string;
  us: number;
}

/** The functions whose inclusive time (with all they call) the report gives: the request's path. */
const PATH = [
  'answer',
  'handle',
  'receive',
  'check',
  'verifySignedMessage',
  'apply',
  'respond',
  'serialise',
  'streamed',
  'toLogEntry',
  'push',
];

function summarise(
  profile: Profile,
  requests: number,
): { groups: Row[]; functions: Row[]; inclusive: Row[]; wall: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const inclusive = new Map<string, number>();
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const us = profile.timeDeltas[i] ?? 0;
    const group = groupOf(frame);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'}${frame.url === '' ? '' : `:${frame.lineNumber + 1}`}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const caller = byId.get(at)?.callFrame;
      if (caller === undefined || caller.url === '' || !PATH.includes(caller.functionName)) continue;
      if (!seen.has(caller.functionName))
        inclusive.set(caller.functionName, (inclusive.get(caller.functionName) ?? 0) + us);
      seen.add(caller.functionName);
    }
  });
  const rows = (map: Map<string, number>) =>
    [...map.entries()].map(([name, us]) => ({ name, us: us / requests })).sort((a, b) => b.us - a.us);
  return {
    groups: rows(groups),
    functions: rows(functions),
    inclusive: rows(inclusive),
    wall: (profile.endTime - profile.startTime) / requests,
  };
}

async function profiled(
  browser: Browser,
  scriptPart: string,
  run: () => Promise<number[]>,
): Promise<{ profile: Profile; times: number[] }> {
  const session = await workerSession(browser, scriptPart);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 50 });
  await session.send('Profiler.start');
  const times = await run();
  const { profile } = await session.send<{ profile: Profile }>('Profiler.stop');
  return { profile, times };
}

async function main(): Promise<void> {
  const count = Number(process.env.BENCH_REQUESTS ?? 500);
  const worker = (await buildWorker({ keepIdentifiers: true })).code;
  const browser = await launchChromium();
  const app = await startAppServer({
    crossOriginIsolated: true,
    worker,
    files: {
      '/bare-stream/sw.js': ['text/javascript', bareWorker("new Response('{}').body")],
      '/bare-stream/': ['text/html', barePage('/bare-stream/')],
    },
  });
  try {
    const sandbank = await (await browser.newContext()).newPage();
    await sandbank.goto(`${app.origin}/`);
    await registered(sandbank, {});
    const psu = await consent(sandbank, app.origin);
    const bare: Page = await (await browser.newContext()).newPage();
    await bare.goto(`${app.origin}/bare-stream/`);
    await bare.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);

    const warm = await signedHeaders(sandbank, ACCOUNTS, psu, 100);
    await sequential(sandbank, warm, 200);
    await sequential(bare, warm, 200);
    const out = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(out, { recursive: true });
    for (const [name, page, script] of [
      ['sandbank', sandbank, 'sandbank-sw.js'],
      ['bare-stream', bare, '/bare-stream/sw.js'],
    ] as const) {
      // Signed in blocks: the bank accepts a signature dated within 60 s.
      const blocks: Array<Array<Array<[string, string]>>> = [];
      for (let done = 0; done < count; done += 100)
        blocks.push(await signedHeaders(sandbank, ACCOUNTS, psu, Math.min(100, count - done)));
      const { profile, times } = await profiled(browser, script, async () => {
        const all: number[] = [];
        for (const headers of blocks) all.push(...(await sequential(page, headers, 200)));
        return all;
      });
      writeFileSync(`${out}worker-${name}.cpuprofile`, JSON.stringify(profile));
      const { groups, functions, inclusive, wall } = summarise(profile, count);
      const s = stats(times);
      console.log(
        `\n${name}: ${count} GETs, page-side median ${s.p50.toFixed(3)} ms (p99 ${s.p99.toFixed(3)}), profiled wall ${(wall / 1000).toFixed(3)} ms a request`,
      );
      for (const row of groups) console.log(`  ${row.us.toFixed(1).padStart(8)} µs  ${row.name}`);
      if (inclusive.length > 0)
        console.log('  on the request path (inclusive: with all they call, a request):');
      for (const row of inclusive) console.log(`  ${row.us.toFixed(1).padStart(8)} µs  ${row.name}`);
      console.log('  top functions (self time a request):');
      for (const row of functions.slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 40)))
        console.log(`  ${row.us.toFixed(1).padStart(8)} µs  ${row.name}`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
