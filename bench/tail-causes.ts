/**
 * What makes the tails of `pnpm bench:node`'s signed GET, transaction page and payment creation. The
 * same regime as the bench (the signed GET phase interleaved with MSW and the floor; then the page phase, its 200
 * warm-up pages and `BENCH_ROUNDS` timed; then 50 warm-up creations, a collection, 1 000 timed
 * creations), and for each timed request its wall time and the process's CPU time
 * (`process.cpuUsage`, every thread: V8's compiler and collector helpers included). The requests
 * slower than 3× their median are split by cause:
 * - `gc`: a collection overlapped it (the `gc` performance entries);
 * - `ownThreads`: no collection, and the process used about as much CPU as the wall time (its own
 *   threads were busy: on this machine mostly V8's optimising compiler, docs/benchmarks.md `wip/tails6`);
 * - `descheduled`: neither (another process had the core).
 * Then a second pass of each kind under the sampling heap profiler gives the bytes a request
 * allocates (the young generation holds 16 MB, so that sets how many requests a scavenge falls in).
 * Run: `pnpm bench:build && node --expose-gc --import tsx bench/tail-causes.ts` (the built engine, as every
 * bench script runs it; `--conditions=@sandbank/source` runs the engine's TypeScript source instead)
 * (BENCH_ROUNDS, default 2 000, sets the GET and page phases as in `pnpm bench:node`).
 */
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { interleaved, stats } from './lib/measure.js';
import { copies, globalRequest, NodeResponse } from './lib/requests.js';
import { requestKinds } from './node.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const creations = 1000;
const { raw, accounts, page, createPayment } = await requestKinds(2 * creations + 50);

async function drain(response: Response | Promise<Response>): Promise<void> {
  await (await response).text();
}

interface Span {
  start: number;
  end: number;
  cpuMs: number;
}

interface Collection {
  start: number;
  end: number;
  minor: boolean;
}

/** Records the process's collections from now on; `stop` hands them over. */
function watchCollections(): { stop: () => Promise<Collection[]> } {
  const collections: Collection[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      collections.push({
        start: entry.startTime,
        end: entry.startTime + entry.duration,
        minor: kind === constants.NODE_PERFORMANCE_GC_MINOR,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // The observer hears of collections a little later.
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      return collections;
    },
  };
}

/** The task, each call's wall time and the process's CPU time over it pushed to `spans`. */
function spanned(task: () => Promise<void>, spans: Span[]): () => Promise<void> {
  return async () => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await task();
    const end = performance.now();
    const used = process.cpuUsage(cpu);
    spans.push({ start, end, cpuMs: (used.user + used.system) / 1000 });
  };
}

/** The slow requests of `timed` (over 3× their median) split by cause; collections before the first left out. */
function split(timed: Span[], collections: Collection[]) {
  const first = timed[0]?.start ?? 0;
  const during = collections.filter((c) => c.start >= first);
  const wall = stats(timed.map((t) => t.end - t.start));
  const slow = timed.filter((t) => t.end - t.start > 3 * wall.p50);
  const overlapped = (t: Span) => during.some((c) => c.start < t.end && c.end > t.start);
  const scavenges = during.filter((c) => c.minor);
  const pauses = scavenges.map((c) => c.end - c.start);
  return {
    p50: +wall.p50.toFixed(3),
    p99: +wall.p99.toFixed(3),
    p99OverMedian: +(wall.p99 / wall.p50).toFixed(2),
    scavenges: scavenges.length,
    // In an interleaved phase most collections fall in another contender's request.
    scavengesInIt: scavenges.filter((c) => timed.some((t) => c.start < t.end && c.end > t.start)).length,
    scavengePauseMedian: +stats(pauses).p50.toFixed(2),
    otherCollections: during.length - scavenges.length,
    over3xMedian: {
      gc: slow.filter(overlapped).length,
      ownThreads: slow.filter((t) => !overlapped(t) && t.cpuMs > 0.8 * (t.end - t.start)).length,
      descheduled: slow.filter((t) => !overlapped(t) && t.cpuMs <= 0.8 * (t.end - t.start)).length,
    },
  };
}

/** Times `n` requests after `warmup` and a collection, as `interleaved` does, and splits the slow ones by cause. */
async function causes(task: () => Promise<void>, n: number, warmup: number) {
  const watch = watchCollections();
  for (let i = 0; i < warmup; i++) await task();
  (globalThis as { gc?: () => void }).gc?.();
  const timed: Span[] = [];
  const timedTask = spanned(task, timed);
  for (let i = 0; i < n; i++) await timedTask();
  return split(timed, await watch.stop());
}

/** KB a request allocates: every sampled allocation over `n` requests, the ones collected since included. */
async function allocated(task: () => Promise<void>, n: number): Promise<number> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < n; i++) await task();
  const { profile } = await session.post('HeapProfiler.getSamplingProfile');
  await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  type Node = (typeof profile)['head'];
  const total = (node: Node): number =>
    node.children.reduce((sum, child) => sum + total(child), node.selfSize);
  return +(total(profile.head) / n / 1024).toFixed(1);
}

// The GET phase, as `roundTrips` in bench/node.ts runs it.
const fixed = await (await raw.fetch(accounts.clone())).json();
const server = setupServer(
  http.get(`${new URL(accounts.url).origin}/v1/accounts`, () => HttpResponse.json(fixed)),
);
server.listen({ onUnhandledRequest: 'bypass' });
const accountsRequest = copies(accounts);
const mswRequest = copies(accounts, globalRequest);
const getSpans: Span[] = [];
const watchGet = watchCollections();
await interleaved(
  {
    floor: () => drain(new NodeResponse('{}')),
    msw: () => drain(fetch(mswRequest())),
    sandbank: spanned(() => drain(raw.fetch(accountsRequest())), getSpans),
  },
  rounds,
);
// `interleaved` runs 200 warm-up rounds first: only the timed rounds' requests count.
const get = split(getSpans.slice(-rounds), await watchGet.stop());
server.close();
const pageRequest = copies(page);
const sendPage = () => drain(raw.fetch(pageRequest()));
const pages = await causes(sendPage, rounds, 200);
const creation = await causes(createPayment, creations, 50);
console.log(
  JSON.stringify({
    get,
    page: { ...pages, kbAllocated: await allocated(sendPage, 1000) },
    creation: { ...creation, kbAllocated: await allocated(createPayment, creations) },
  }),
);
