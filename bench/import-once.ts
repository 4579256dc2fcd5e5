/**
 * One import of a large state through `sandbox.fetch`, for side-by-side runs against another
 * checkout (docs/benchmarks.md, "The import"): builds the state with `bench/lib/big-state.ts`, then
 * times making the `Request` from the JSON text to the 204, in wall time and in CPU time
 * (`process.cpuUsage()`, all of the process's threads), and prints one JSON line, with the heap the
 * imported state holds (heap used after a full collection, the body text still held, against before).
 *
 *   pnpm bench:import 1000000
 * (the engine as published, its `dist/`, built first by bench/build.ts, like every bench script).
 */
import { createSandbox } from '@sandbank/engine';
import { START } from '@sandbank/test-support/ais';
import { stateWithTransactions } from './lib/big-state.js';

const count = Number(process.argv[2] ?? 1_000_000);
const body = JSON.stringify(stateWithTransactions(count, START));
const sandbox = createSandbox({ now: () => START });
globalThis.gc?.();
const heapBefore = process.memoryUsage();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const answer = await sandbox.fetch(
  new Request('https://bank.example/_sandbank/state', {
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/json' },
  }),
);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
if (answer.status !== 204) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
const imported = Object.values(sandbox.getState().transactions).reduce(
  (n, ledger) => n + ledger.reduce((m, chunk) => m + chunk.length, 0),
  0,
);
/** What the imported state added to the heap, measured after a full collection (with --expose-gc). */
function heapHeldMb(): number | null {
  if (globalThis.gc === undefined) return null;
  globalThis.gc();
  return Math.round((process.memoryUsage().heapUsed - heapBefore.heapUsed) / 1e6);
}
console.log(
  JSON.stringify({
    transactions: count,
    imported,
    megabytes: Math.round(body.length / 1e5) / 10,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    rssBeforeMb: Math.round(heapBefore.rss / 1e6),
    heapHeldMb: heapHeldMb(),
  }),
);
