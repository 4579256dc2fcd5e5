/**
 * `pnpm bench:alloc [get|page|creation]`: what one request of `pnpm bench:node`'s kinds allocates, by
 * call path. V8's sampling heap profiler (DevTools protocol, every `BENCH_INTERVAL` bytes, default
 * 256) records `BENCH_REQUESTS` requests (default 1 000) after as many warm-up ones; the report gives
 * the KB a request allocates and the largest call paths (a function and its two callers), the bench's
 * own client side (the `Request` it makes, the `text()` it reads) included, as in the bench.
 * With `LIVE=1` only what is still alive after the requests and a full collection counts (what a
 * creation leaves for the next scavenge to copy: docs/benchmarks.md, "Session 8").
 * The KB are also summed by where the allocating code lives (bench/lib/code-groups.ts, as
 * `pnpm bench:profile` groups its CPU time), a builtin's allocation counted with its caller, and by
 * the engine function nearest up the stack (what an engine function set off in immer or undici).
 * Run after `pnpm bench:build`, with `--expose-gc` (the package script does both).
 */
import { Session } from 'node:inspector/promises';
import { type Frame, groupOf, sourceOf } from './lib/code-groups.js';
import { copies } from './lib/requests.js';
import { requestKinds } from './node.js';

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
  callFrame: Frame;
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
const byGroup = new Map<string, number>();
const byEngineFunction = new Map<string, number>();
let total = 0;
const add = (into: Map<string, number>, key: string, bytes: number) =>
  into.set(key, (into.get(key) ?? 0) + bytes);
/**
 * `scripted`: the nearest frame up the stack with a script (a builtin's allocation is its caller's);
 * `engine`: the nearest engine function up the stack, which set off what a library allocates.
 */
const walk = (node: ProfileNode, callers: string[], scripted: Frame | null, engine: string | null) => {
  const path = [where(node), ...callers].slice(0, 3);
  const frame = node.callFrame.url === '' ? scripted : node.callFrame;
  const group = frame === null ? 'native (no script)' : groupOf(frame);
  const inEngine = group.startsWith('engine') && frame === node.callFrame;
  const engineFunction = inEngine
    ? `${frame.functionName || '(anonymous)'} ${sourceOf(frame).split('/').at(-1)}`
    : engine;
  if (node.selfSize > 0) {
    add(byPath, path.join(' < '), node.selfSize);
    add(byGroup, group, node.selfSize);
    if (engineFunction !== null) add(byEngineFunction, engineFunction, node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child, path, frame, engineFunction);
};
walk(profile.head, [], null, null);

const kb = (bytes: number) => (bytes / requests / 1024).toFixed(2).padStart(7);
console.log(
  `${kind}: ${kb(total).trim()} KB a request ${live ? 'still alive after a full collection' : 'allocated'} ` +
    `(${requests} requests after ${requests}, sampled every ${interval} bytes)`,
);
console.log('by where the code that allocated lives (a builtin counted with its caller):');
for (const [group, bytes] of [...byGroup].sort((a, b) => b[1] - a[1]))
  console.log(`${kb(bytes)} KB  ${group}`);
console.log(
  'by the engine function nearest up the stack (its own and what the libraries it called allocated):',
);
for (const [name, bytes] of [...byEngineFunction].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`${kb(bytes)} KB  ${name}`);
console.log('the largest call paths:');
for (const [path, bytes] of [...byPath].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${kb(bytes)} KB  ${path}`);
}
