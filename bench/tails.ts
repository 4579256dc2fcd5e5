/**
 * `pnpm bench:tails`: the Node round trips of `pnpm bench` (the signed GET beside MSW and the bare
 * function, the transaction page, the payment creation: `roundTrips` of bench/node.ts, unchanged)
 * with V8's worker pool as Node sets it and sized to the machine, each run in a process of its own,
 * the two alternating `BENCH_PAIRS` times (default 3), and the p99 over the median of each kind.
 *
 * Node starts V8 with a pool of 4 worker threads whatever the machine (`--v8-pool-size`, default 4):
 * the threads that run the scavenger's parallel tasks, concurrent marking and TurboFan's background
 * compiles. On a 2-core machine those four and the main thread share two cores, and the kernel
 * takes the main thread's core away while they run: that, not the collections' own pauses, is most
 * of what made the creation's p99 6–9× its median (docs/benchmarks.md, "Session 14").
 * `--v8-pool-size=0` lets Node size the pool by the machine: one thread fewer than its parallelism
 * (`os.availableParallelism()`), at least one, so the main thread keeps a core.
 * `BENCH_ALSO_NODE=node@26` adds a third set-up, in turn with the two: that Node (fetched from the npm
 * registry by npx) with its own defaults, whose V8 and web streams are not Node 20's.
 *   pnpm bench:tails            (BENCH_ROUNDS=2000 as in `pnpm bench`, BENCH_PAIRS=3)
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Stats, stats } from './lib/measure.js';
import { type RoundTrips, roundTrips } from './node.js';

const MARK = '=====tails ';

interface Setup {
  name: string;
  flags: string[];
  /** The Node that runs it: this one by default. */
  node?: string;
}

/** Another Node's executable and version, fetched from the npm registry by npx (`node@26`). */
function otherNode(spec: string): { node: string; version: string } {
  const printed = spawnSync(
    'npx',
    ['--yes', '-p', spec, 'node', '-p', 'process.execPath + " " + process.version'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [node, version] = printed.stdout?.trim().split('\n').at(-1)?.split(' ') ?? [];
  if (printed.status !== 0 || node === undefined || version === undefined) {
    throw new Error(`${spec} could not be fetched from the npm registry (npx --yes -p ${spec} node)`);
  }
  return { node, version };
}

const SETUPS: Setup[] = [
  { name: `Node ${process.version}, its default pool (4 V8 worker threads)`, flags: [] },
  {
    name: `Node ${process.version}, the pool sized to the machine (--v8-pool-size=0: ${Math.max(availableParallelism() - 1, 1)} thread(s))`,
    flags: ['--v8-pool-size=0'],
  },
];
const also = process.argv[2] === '--child' ? undefined : process.env.BENCH_ALSO_NODE;
if (also !== undefined && also !== '') {
  const { node, version } = otherNode(also);
  SETUPS.push({ name: `Node ${version}, its default pool`, flags: [], node });
}

const KINDS = ['bare function', 'MSW GET', 'signed GET', 'transaction page', 'payment creation'] as const;
type Kind = (typeof KINDS)[number];

/** The figures of one run: each kind's median and p99 in ms. */
type Figures = Record<Kind, { p50: number; p99: number }>;

function figures(trips: RoundTrips): Figures {
  const pick = (s: Stats | undefined) => ({ p50: s?.p50 ?? Number.NaN, p99: s?.p99 ?? Number.NaN });
  return {
    'bare function': pick(trips.accountList.floor),
    'MSW GET': pick(trips.accountList.msw),
    'signed GET': pick(trips.accountList.sandbank),
    'transaction page': pick(trips.transactionPage),
    'payment creation': pick(trips.paymentCreation),
  };
}

if (process.argv[2] === '--child') {
  const trips = await roundTrips(Number(process.env.BENCH_ROUNDS ?? 2000));
  console.log(`${MARK}${JSON.stringify(figures(trips))}`);
} else {
  const pairs = Number(process.env.BENCH_PAIRS ?? 3);
  const script = fileURLToPath(import.meta.url);
  // A pool size in NODE_OPTIONS would make both set-ups the same: the children get only their own.
  const nodeOptions = (process.env.NODE_OPTIONS ?? '').replace(/--v8-pool-size(=\S*)?/g, '').trim();
  const runs = new Map<Setup, Figures[]>(SETUPS.map((setup) => [setup, []]));
  for (let pair = 0; pair < pairs; pair++) {
    for (const setup of SETUPS) {
      const child = spawnSync(
        setup.node ?? process.execPath,
        [...setup.flags, '--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', script, '--child'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, NODE_OPTIONS: nodeOptions },
        },
      );
      const line = child.stdout.split('\n').find((text) => text.startsWith(MARK));
      if (child.status !== 0 || line === undefined) throw new Error(`${setup.name}: the run failed`);
      const run = JSON.parse(line.slice(MARK.length)) as Figures;
      runs.get(setup)?.push(run);
      const each = KINDS.map(
        (kind) =>
          `${kind} ${(run[kind].p50 * 1000).toFixed(0)} µs, ${(run[kind].p99 / run[kind].p50).toFixed(2)}×`,
      );
      const againstMsw = (run['signed GET'].p50 / run['MSW GET'].p50).toFixed(2);
      console.log(
        `run ${pair + 1}, ${setup.name}: median, p99 over it: ${each.join('; ')}; the signed GET ${againstMsw}× MSW's`,
      );
    }
  }
  console.log(`\n${pairs} runs each, alternating; medians over the runs`);
  console.log('| kind | set-up | median | p99 | p99 over the median (each run) |');
  console.log('|---|---|---|---|---|');
  for (const kind of KINDS) {
    for (const setup of SETUPS) {
      const list = (runs.get(setup) ?? []).map((run) => run[kind]);
      const each = list.map((s) => `${(s.p99 / s.p50).toFixed(2)}×`).join(' / ');
      const p50 = stats(list.map((s) => s.p50)).p50;
      const p99 = stats(list.map((s) => s.p99)).p50;
      console.log(
        `| ${kind} | ${setup.name} | ${(p50 * 1000).toFixed(0)} µs | ${(p99 * 1000).toFixed(0)} µs | ${each} |`,
      );
    }
  }
}
