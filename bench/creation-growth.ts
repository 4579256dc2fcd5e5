/**
 * Payment creation as the state grows: `n` signed creations in a row through `sandbox.fetch` (each
 * signed beforehand with its own X-Request-ID, outside the timing), the median per block of 50, and
 * the CPU time of the whole loop. `PROFILE=file.cpuprofile` profiles the loop (node:inspector).
 * Run: `pnpm bench:growth` (N=600 by default; `N=1000 pnpm bench:growth`).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { stats } from './lib/measure.js';
import { requestKinds } from './node.js';

const n = Number(process.env.N ?? 600);
// The Node bench's own pre-signed creations (each its own X-Request-ID; anything but 201 throws).
const { createPayment } = await requestKinds(n);
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
}
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
if (session && process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
const blocks: string[] = [];
for (let i = 0; i < n; i += 50) blocks.push(stats(samples.slice(i, i + 50)).p50.toFixed(2));
const all = stats(samples);
console.log(
  JSON.stringify({
    n,
    p50: +all.p50.toFixed(3),
    p99: +all.p99.toFixed(3),
    wallMs: Math.round(wall),
    cpuMsPerCreation: +((used.user + used.system) / 1000 / n).toFixed(3),
    blockMedians: blocks.join(' '),
  }),
);
