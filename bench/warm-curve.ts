/**
 * `pnpm bench:warm`: the signed `GET /v1/accounts` of `pnpm bench:node` as V8 optimises it. The same
 * request is sent `BENCH_ROUNDS` times (default 6 000) and the median of each block of 200 printed,
 * in three set-ups, each in a fresh process so one's compiled code does not help the next:
 * - `alone`: only Sandbank, MSW not listening;
 * - `listening`: MSW's `setupServer` listening (it replaces `Headers`, `Request` and `Response` with
 *   proxies that record raw header names), never asked, and Sandbank's requests made through its
 *   `Request` proxy: what a suite that mocks other hosts with MSW pays beside the bank;
 * - `msw`: each Sandbank request followed by one to MSW's handler, as `pnpm bench:node` interleaves
 *   them (Sandbank's requests made with Node's own `Request`, MSW's through its proxy); MSW's median
 *   per block beside Sandbank's, and their ratio.
 * `pnpm bench:node` times rounds 200 to 2 200 of the `msw` set-up (with the floor as a third
 * contender). This shows what its median is made of: code V8 has not yet optimised (functions run
 * once a request reach TurboFan after about 1 000 to 4 000 requests), and the neighbour (docs/benchmarks.md,
 * "Session 7").
 *   pnpm bench:warm [alone|listening|msw]   (all three when none is named)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { copies, globalRequest } from './lib/requests.js';
import { requestKinds } from './node.js';

type Setup = 'alone' | 'listening' | 'msw';
const SETUPS: readonly Setup[] = ['alone', 'listening', 'msw'];
const rounds = Number(process.env.BENCH_ROUNDS ?? 6000);
const block = 200;

async function drain(response: Promise<Response>): Promise<void> {
  await (await response).text();
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

/** One set-up in this process: a line per block of `block` requests. */
async function curve(setup: Setup): Promise<void> {
  const { raw, accounts } = await requestKinds(0);
  const next = copies(accounts, setup === 'listening' ? globalRequest : undefined);
  const mswRequest = copies(accounts, globalRequest);
  const fixed = await (await raw.fetch(accounts.clone())).json();
  const server = setupServer(http.get(new URL(accounts.url).href, () => HttpResponse.json(fixed)));
  if (setup !== 'alone') server.listen({ onUnhandledRequest: 'bypass' });
  const lines: string[] = [];
  try {
    for (let done = 0; done < rounds; done += block) {
      const sandbank: number[] = [];
      const msw: number[] = [];
      for (let i = 0; i < block; i++) {
        let started = performance.now();
        await drain(raw.fetch(next()));
        sandbank.push(performance.now() - started);
        if (setup !== 'msw') continue;
        started = performance.now();
        await drain(fetch(mswRequest()));
        msw.push(performance.now() - started);
      }
      const ours = median(sandbank) * 1000;
      const theirs = median(msw) * 1000;
      const upTo = String(done + block).padStart(6);
      lines.push(
        setup === 'msw'
          ? `${upTo}  Sandbank ${ours.toFixed(0).padStart(4)} µs  MSW ${theirs.toFixed(0).padStart(4)} µs  ${(ours / theirs).toFixed(2)}×`
          : `${upTo}  Sandbank ${ours.toFixed(0).padStart(4)} µs`,
      );
    }
  } finally {
    server.close();
  }
  console.log(`${setup}: median of each block of ${block} requests, up to request\n${lines.join('\n')}`);
}

const named = process.argv[2] as Setup | undefined;
if (named !== undefined) {
  if (!SETUPS.includes(named)) throw new Error(`unknown set-up ${named}: one of ${SETUPS.join(', ')}`);
  await curve(named);
} else {
  // Each set-up in its own process, as the bench runs the built engine (no source condition).
  for (const setup of SETUPS) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), setup], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
}
