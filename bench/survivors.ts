/**
 * `pnpm bench:survivors`: what a request leaves for the scavenger, the young-generation collection
 * that pauses a request every few hundred (docs/decisions/hidden-classes.md). For the signed GET, the
 * transaction page and the payment creation of `pnpm bench:node`, a child process runs the requests
 * under `--trace-gc-nvp` and this process reads V8's own figures for each scavenge: the bytes it
 * copied within the young generation (`new_space_survived`), the bytes it promoted and its pause.
 * Each kind runs twice:
 * - `as sent`: a new `Request` a call and the answer read as text, as `pnpm bench:node` times it
 *   (Node's own objects for the `Request`, its signal and the answer's stream included);
 * - `engine alone`: one `Request` sent again and again (a GET changes nothing) and the answer's
 *   `Response` replaced by a plain object (the engine builds it with whatever `globalThis.Response`
 *   is, gateway/transport.ts), so what is left is what the engine's own objects leave.
 * Creations are `as sent` only (each needs its own X-Request-ID). Figures are per scavenge, the
 * median over the run's scavenges, and per request (bytes copied / requests between scavenges).
 * Run: `pnpm bench:survivors` (builds the engine first).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stats } from './lib/measure.js';
import { copies } from './lib/requests.js';
import { requestKinds } from './node.js';

type Kind = 'get' | 'page' | 'get-alone' | 'page-alone' | 'creation';
const KINDS: Kind[] = ['get', 'get-alone', 'page', 'page-alone', 'creation'];
const MARK = '=====survivors';

/** The child: warm-up, then the timed requests between two marks on stdout. */
async function child(kind: Kind): Promise<void> {
  const creations = 1000;
  const { raw, accounts, page, createPayment } = await requestKinds(kind === 'creation' ? creations + 50 : 1);
  const template = kind.startsWith('page') ? page : accounts;
  const fresh = copies(template);
  const once = fresh();
  const Native = globalThis.Response;
  /** Stands in for the answer's `Response`: keeps its status, holds nothing of Node's. */
  class PlainAnswer {
    readonly status: number;
    constructor(_body: unknown, init: { status: number }) {
      this.status = init.status;
    }
  }
  const alone = async () => {
    (globalThis as { Response: unknown }).Response = PlainAnswer;
    try {
      const answer = (await raw.fetch(once)) as unknown as PlainAnswer;
      if (answer.status !== 200) throw new Error(`the request answered ${answer.status}`);
    } finally {
      globalThis.Response = Native;
    }
  };
  const sent = async () => {
    const answer = await raw.fetch(fresh());
    await answer.text();
    if (answer.status !== 200) throw new Error(`the request answered ${answer.status}`);
  };
  const task = kind === 'creation' ? createPayment : kind.endsWith('alone') ? alone : sent;
  const [warmup, timed] = kind === 'creation' ? [50, creations] : [500, 6000];
  for (let i = 0; i < warmup; i++) await task();
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`${MARK} start`);
  for (let i = 0; i < timed; i++) await task();
  console.log(`${MARK} end ${timed}`);
}

interface Scavenge {
  pause: number;
  survived: number;
  promoted: number;
}

/** The scavenges `--trace-gc-nvp` printed between the marks. */
function scavenges(output: string): { list: Scavenge[]; requests: number } {
  const list: Scavenge[] = [];
  let inside = false;
  let requests = 0;
  for (const line of output.split('\n')) {
    if (line.startsWith(`${MARK} start`)) inside = true;
    else if (line.startsWith(`${MARK} end`)) {
      inside = false;
      requests = Number(line.split(' ').at(-1));
    } else if (inside && line.includes(' gc=s ')) {
      const field = (name: string) =>
        Number(new RegExp(`[ ]${name}=([0-9.]+)`).exec(line)?.[1] ?? Number.NaN);
      list.push({
        pause: field('pause'),
        survived: field('new_space_survived'),
        promoted: field('promoted'),
      });
    }
  }
  return { list, requests };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Kind);
} else {
  const script = fileURLToPath(import.meta.url);
  console.log(
    'kind              scavenges  requests/scavenge  copied/scavenge  promoted/scavenge  copied/request  pause (median)',
  );
  for (const kind of KINDS) {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--trace-gc-nvp', '--import', 'tsx', script, '--child', kind],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`${kind}: the child failed\n${run.stderr}`);
    const { list, requests } = scavenges(run.stdout);
    if (list.length === 0) {
      console.log(`${kind.padEnd(18)}no scavenge in ${requests} requests`);
      continue;
    }
    const median = (values: number[]) => stats(values).p50;
    const survived = median(list.map((s) => s.survived));
    const perScavenge = requests / list.length;
    console.log(
      [
        kind.padEnd(18),
        String(list.length).padStart(9),
        perScavenge.toFixed(0).padStart(19),
        kb(survived).padStart(17),
        kb(median(list.map((s) => s.promoted))).padStart(19),
        `${(survived / perScavenge).toFixed(0)} B`.padStart(16),
        `${median(list.map((s) => s.pause)).toFixed(2)} ms`.padStart(16),
      ].join(''),
    );
  }
}
