/**
 * `pnpm bench:alloc [get|page|creation]`: what one request of `pnpm bench:node`'s kinds allocates, by
 * call path. V8's sampling heap profiler (DevTools protocol, every `BENCH_INTERVAL` bytes, default
 * 256) records `BENCH_REQUESTS` requests (default 1 000) after as many warm-up ones; the report gives
 * the KB a request allocates and the largest call paths (a function and its two callers), the bench's
 * own client side (the `Request` it makes, the `text()` it reads) included, as in the bench.
 * With `LIVE=1` only what is still alive after the requests and a full collection counts (what a
 * creation leaves for the next scavenge to copy: docs/benchmarks.md, "Session 8").
 * Run after `pnpm bench:build`, with `--expose-gc` (the package script does both).
 */
import { Session } from 'node:inspector/promises';
import { copies, requestKinds } from './node.js';

type Kind = 'get' | 'page' | 'creation';
const kind = (process.argv[2] ?? 'page') as Kind;
if (!['get', 'page', 'creation'].includes(kind)) {
  throw new Error(`bench:alloc takes get, page or creation (got ${kind})`);
}
const requests = Number(process.env.BENCH_REQUESTS ?? 1000);
const interval = Number(process.env.BENCH_INTERVAL ?? 256);
const live = process.env.LIVE === '1';
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('bench:alloc needs node --expose-gc');

const { raw, accounts, page, createPayment } = await requestKinds(kind === 'creation' ? 2 * requests : 1);
const read = async (response: Promise<Response>) => {
  await (await response).text();
};
const accountsRequest = copies(accounts);
const pageRequest = copies(page);
const send: Record<Kind, () => Promise<void>> = {
  get: () => read(raw.fetch(accountsRequest())),
  page: () => read(raw.fetch(pageRequest())),
  creation: createPayment,
};
const task = send[kind];
for (let i = 0; i < requests; i++) await task();
gc();

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: interval,
  includeObjectsCollectedByMajorGC: !live,
  includeObjectsCollectedByMinorGC: !live,
});
for (let i = 0; i < requests; i++) await task();
if (live) gc();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: ProfileNode } };
session.disconnect();

/** `function file:line`, the file as its last two path segments. */
const where = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
};
const byPath = new Map<string, number>();
let total = 0;
const walk = (node: ProfileNode, callers: string[]) => {
  const path = [where(node), ...callers].slice(0, 3);
  if (node.selfSize > 0) {
    const key = path.join(' < ');
    byPath.set(key, (byPath.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child, path);
};
walk(profile.head, []);

const kb = (bytes: number) => (bytes / requests / 1024).toFixed(2).padStart(7);
console.log(
  `${kind}: ${kb(total).trim()} KB a request ${live ? 'still alive after a full collection' : 'allocated'} ` +
    `(${requests} requests after ${requests}, sampled every ${interval} bytes)`,
);
for (const [path, bytes] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${kb(bytes)} KB  ${path}`);
}
