/**
 * One import of a large state through `sandbox.fetch`, for side-by-side runs against another
 * checkout (docs/benchmarks.md, "The import"): builds the state with `bench/lib/big-state.ts`, then
 * times making the `Request` to the 204, in wall time and in CPU time (`process.cpuUsage()`, all of
 * the process's threads), and prints one JSON line, with the heap the imported state holds (heap
 * used after a full collection, the body still held, against before). The body is bytes streamed in
 * 64 KiB chunks (a file, an upload), or with `string` one string handed to `new Request`.
 *
 *   pnpm bench:import 1000000 [stream|string]
 * (the engine as published, its `dist/`, built first by bench/build.ts, like every bench script).
 */
import { createSandbox } from '@sandbank/engine';
import { START } from '@sandbank/test-support/ais';
import { stateWithTransactions } from './lib/big-state.js';
import { streamedImport, stringImport } from './lib/import-body.js';

const count = Number(process.argv[2] ?? 1_000_000);
const form = process.argv[3] === 'string' ? 'string' : 'stream';
/** Only the form sent is held: a user streaming a file holds no string of it. */
function bodyOf(): string | Uint8Array {
  const text = JSON.stringify(stateWithTransactions(count, START));
  return form === 'string' ? text : new TextEncoder().encode(text);
}
const body = bodyOf();
const url = 'https://bank.example/_sandbank/state';
const sandbox = createSandbox({ now: () => START });
globalThis.gc?.();
const heapBefore = process.memoryUsage();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const answer = await sandbox.fetch(
  typeof body === 'string' ? stringImport(url, body) : streamedImport(url, body),
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
    form,
    imported,
    megabytes: Math.round(body.length / 1e5) / 10,
    wallMs: Math.round(wallMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    rssBeforeMb: Math.round(heapBefore.rss / 1e6),
    heapHeldMb: heapHeldMb(),
  }),
);
