/**
 * Payment creation as the state grows: `n` signed creations in a row through `sandbox.fetch` (each
 * signed beforehand with its own X-Request-ID, outside the timing), the median per block of `BLOCK`
 * (50 by default), and the CPU time of the whole loop. With `BLOCK` of 1 000 or more each block also
 * reports its p99 and the heap used after a full collection at its end (with --expose-gc, as the
 * script runs), which the pre-signed creations not yet sent are part of. `PROFILE=file.cpuprofile`
 * profiles the loop (node:inspector).
 * Run: `pnpm bench:growth` (N=600 by default; `N=1000 pnpm bench:growth`;
 * `N=60000 BLOCK=10000 pnpm bench:growth` for a bank that grows large, docs/benchmarks.md).
 * The creations opt out of the logical-duplicate check as `pnpm bench:node`'s do; `CHECK_DUPLICATES=1`
 * sends them without `allowLogicalDuplicate`, each with its own remittance text, so the bank runs the check.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { stats } from './lib/measure.js';
import { requestKinds } from './node.js';

const n = Number(process.env.N ?? 600);
const block = Number(process.env.BLOCK ?? 50);
const gc = (globalThis as { gc?: () => void }).gc;
/** Per large block: its p99 and the heap after a full collection at its end. */
const largeBlocks: string[] = [];
// The Node bench's own pre-signed creations (each its own X-Request-ID; anything but 201 throws).
const { createPayment } = await requestKinds(n, process.env.CHECK_DUPLICATES === '1');
const session = process.env.PROFILE ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const samples: number[] = [];
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < n; i++) {
  const t = performance.now();
  await createPayment();
  samples.push(performance.now() - t);
  if (block >= 1000 && (i + 1) % block === 0 && gc !== undefined) {
    const p99 = stats(samples.slice(i + 1 - block, i + 1)).p99;
    gc();
    largeBlocks.push(
      `${i + 1}: p99 ${p99.toFixed(2)} ms, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
    );
  }
}
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
if (session && process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
const blocks: string[] = [];
for (let i = 0; i < n; i += block) blocks.push(stats(samples.slice(i, i + block)).p50.toFixed(2));
const all = stats(samples);
console.log(
  JSON.stringify({
    n,
    p50: +all.p50.toFixed(3),
    p99: +all.p99.toFixed(3),
    wallMs: Math.round(wall),
    cpuMsPerCreation: +((used.user + used.system) / 1000 / n).toFixed(3),
    blockMedians: blocks.join(' '),
    ...(largeBlocks.length > 0 ? { largeBlocks } : {}),
  }),
);
