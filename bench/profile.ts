/**
 * `pnpm bench:profile`: where a signed request's time goes in Node, and what makes its tail. For
 * each request kind of `pnpm bench:node` (signed GET /v1/accounts, a 200-item transaction page, a
 * payment creation; `BENCH_KINDS=get,page,create` picks) it replays the request (`BENCH_ROUNDS`,
 * default 2 000; creations at most 1 000)
 * after 200 warm-up requests, timed without the profiler, then as many again under it, and reports:
 * - the tail: median, p99, and for the slowest 1 % how many overlapped a garbage collection (the
 *   `gc` performance entries) and the p99 of the requests no collection touched; beside it, the
 *   tail of a control (as long a piece of plain arithmetic, timed after each request): the
 *   machine's own tail, which no code of ours makes;
 * - which collections ran (scavenges, mark-compacts), how many and how long;
 * - the CPU profile (node:inspector, sampling every 100 µs, around the timed loop only): self time
 *   per request, grouped by where the code lives.
 */
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { type Frame, groupOf, sourceOf } from './lib/code-groups.js';
import { fmt, stats } from './lib/measure.js';
import { copies, globalRequest } from './lib/requests.js';
import { requestKinds } from './node.js';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: Frame;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Each sample's frame and, for native code (no script), its caller; the profiler's own samples left out. */
function attributed(profile: Profile): Array<{ frame: Frame; caller: Frame | null; us: number }> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const out: Array<{ frame: Frame; caller: Frame | null; us: number }> = [];
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const caller = frame.url === '' ? (parents.get(id)?.callFrame ?? null) : null;
    // Stopping the profiler (`session.post`) is not the request's time.
    if (caller?.url === 'node:inspector' || frame.url.startsWith('node:inspector')) return;
    out.push({ frame, caller, us: profile.timeDeltas[i] ?? 0 });
  });
  return out;
}

function summarise(profile: Profile, requests: number): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const { frame, caller, us } of attributed(profile)) {
    const group = caller && caller.url !== '' ? groupOf(caller) : groupOf(frame);
    totals.set(group, (totals.get(group) ?? 0) + us);
  }
  return [...totals.entries()]
    .map(([group, us]): [string, number] => [group, us / requests])
    .sort((a, b) => b[1] - a[1]);
}

/** The `gc` entries' kinds (perf_hooks constants NODE_PERFORMANCE_GC_*). */
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** Plain arithmetic on the main thread: no allocation, no I/O, no promises. */
function spin(iterations: number): number {
  let x = 0;
  for (let i = 0; i < iterations; i++) x = (x * 31 + i) % 1_000_003;
  return x;
}

/** Iterations of `spin` that take about `ms`. */
function calibrate(ms: number): number {
  let iterations = 10_000;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    spin(iterations);
    const took = performance.now() - started;
    iterations = Math.max(1000, Math.round((iterations * ms) / Math.max(took, 0.001)));
  }
  return iterations;
}

/**
 * Times the requests and, after each, the same length of plain arithmetic (the control): what
 * the machine itself does to a piece of work that long (another process taking the core), beside
 * what the request does to itself.
 */
async function timeRequests(task: () => Promise<unknown>, rounds: number) {
  const probe: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await task();
    probe.push(performance.now() - started);
  }
  const iterations = calibrate(stats(probe).p50);
  const gcs: Array<{ start: number; end: number; kind: string }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const detail = (e as { detail?: { kind?: number } }).detail;
      const kind = GC_KINDS[detail?.kind ?? 0] ?? 'other';
      gcs.push({ start: e.startTime, end: e.startTime + e.duration, kind });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const cpuBefore = process.cpuUsage();
  const spans: Array<{ start: number; end: number }> = [];
  const control: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await task();
    const end = performance.now();
    spans.push({ start, end });
    spin(iterations);
    control.push(performance.now() - end);
    await neighbour?.();
  }
  const cpu = process.cpuUsage(cpuBefore);
  // The observer hears of collections a little later.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { spans, gcs, control: stats(control), cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function profiled(task: () => Promise<unknown>, rounds: number): Promise<Profile> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let i = 0; i < rounds; i++) {
    await task();
    await neighbour?.();
  }
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  return profile;
}

/** Times the kind (no profiler attached), then profiles as many more requests of it. */
async function measureKind(name: string, task: () => Promise<unknown>, rounds: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 200; i++) {
    await task();
    await neighbour?.();
  }
  gc?.();
  const { spans, gcs, control, cpuMs } = await timeRequests(task, rounds);
  gc?.();
  const profile = await profiled(task, rounds);
  const durations = spans.map((s) => s.end - s.start);
  const all = stats(durations);
  const touched = spans.map((s) => gcs.some((g) => g.start < s.end && g.end > s.start));
  const untouched = stats(durations.filter((_, i) => !touched[i]));
  const slow = durations.map((d, i) => [d, i] as const).filter(([d]) => d >= all.p99);
  const slowWithGc = slow.filter(([, i]) => touched[i]).length;
  const gcMs = gcs.reduce((sum, g) => sum + (g.end - g.start), 0);
  console.log(`\n### ${name} (${rounds} requests timed, then ${rounds} profiled)`);
  console.log(
    `p50 ${fmt(all.p50)}, p99 ${fmt(all.p99)} (${(all.p99 / all.p50).toFixed(2)}× the median); ` +
      `CPU ${fmt(cpuMs / rounds)} a request (all threads)`,
  );
  console.log(
    `garbage collections: ${gcs.length}, ${fmt(gcMs / rounds)} a request; requests a collection overlapped: ` +
      `${touched.filter(Boolean).length}; of the slowest 1 % (${slow.length}), ${slowWithGc} overlapped one; ` +
      `without those, p99 ${fmt(untouched.p99)} (${(untouched.p99 / untouched.p50).toFixed(2)}× its median)`,
  );
  const kinds = new Map<string, number[]>();
  for (const g of gcs) kinds.set(g.kind, [...(kinds.get(g.kind) ?? []), g.end - g.start]);
  console.log(
    `collections by kind: ${[...kinds].map(([kind, ms]) => `${kind} ${ms.length} (median ${fmt(stats(ms).p50)}, longest ${fmt(Math.max(...ms))})`).join(', ')}`,
  );
  console.log(
    `the control (plain arithmetic as long as the median request, after each): p50 ${fmt(control.p50)}, ` +
      `p99 ${fmt(control.p99)} (${(control.p99 / control.p50).toFixed(2)}× its median)`,
  );
  console.log('| self time per request (profiled) | µs | share |');
  console.log('|---|---|---|');
  const groups = summarise(profile, rounds);
  const total = groups.reduce((sum, [, us]) => sum + us, 0);
  for (const [group, us] of groups)
    console.log(`| ${group} | ${us.toFixed(0)} | ${((100 * us) / total).toFixed(0)} % |`);
  console.log(`| total sampled | ${total.toFixed(0)} | |`);
  const top = Number(process.env.BENCH_PROFILE_TOP ?? 0);
  if (top > 0) {
    console.log(`\nthe ${top} functions with the most self time (µs per request):`);
    for (const [fn, us] of topFunctions(profile, rounds, top)) console.log(`  ${us.toFixed(1)}  ${fn}`);
  }
}

function topFunctions(profile: Profile, requests: number, n: number): Array<[string, number]> {
  const name = (frame: Frame) =>
    `${frame.functionName || '(anonymous)'} ${sourceOf(frame).replace(/^.*\/(packages|node_modules)\//, '$1/')}`;
  const totals = new Map<string, number>();
  for (const { frame, caller, us } of attributed(profile)) {
    const key = caller ? `${name(frame)}, called by ${name(caller)}` : name(frame);
    totals.set(key, (totals.get(key) ?? 0) + us);
  }
  return [...totals.entries()]
    .map(([key, us]): [string, number] => [key, us / requests])
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const creations = Math.min(rounds, 1000);
// Each creation kind sends 200 warm-up, 50 calibration, then `creations` timed and as many profiled.
const kinds = await requestKinds(2 * creations + 250);
const { raw } = kinds;
const send = (request: Request) => {
  const copy = copies(request);
  return async () => {
    const response = await raw.fetch(copy());
    await response.text();
  };
};
/**
 * BENCH_NEIGHBOUR=msw: after each request (outside its timing), one request to MSW's `setupServer`
 * answering a fixed JSON body, as `pnpm bench:node` interleaves them: what a neighbour in the same
 * process (MSW's patched globals, its garbage, its code) does to the engine's requests. Its self time
 * is in the profile too (the MSW group, and a share of undici's).
 */
let neighbour: (() => Promise<void>) | null = null;
if (process.env.BENCH_NEIGHBOUR === 'msw') {
  const fixed = await (await raw.fetch(copies(kinds.accounts)())).json();
  const server = setupServer(
    http.get(`${new URL(kinds.accounts.url).origin}/v1/accounts`, () => HttpResponse.json(fixed)),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  const mswRequest = copies(kinds.accounts, globalRequest);
  neighbour = async () => {
    await (await fetch(mswRequest())).text();
  };
}
// BENCH_KINDS picks some of them: `get,page,create` (the default).
const picked = (process.env.BENCH_KINDS ?? 'get,page,create').split(',');
if (picked.includes('get')) await measureKind('signed GET /v1/accounts', send(kinds.accounts), rounds);
if (picked.includes('page'))
  await measureKind('signed transaction page (200 items)', send(kinds.page), rounds);
if (picked.includes('create')) await measureKind('signed payment creation', kinds.createPayment, creations);
