/**
 * How long a fresh Node process takes to import what a user's code starts from: the engine, its test
 * adapters and `sandbank serve`'s module, beside MSW's `msw/node`, which a test suite that mocks
 * `fetch` imports instead. Each import runs in a process of its own (a second import in one process
 * is answered from Node's module cache), as a test worker, `sandbank serve` or a script meets it; the
 * modules alternate, so the machine's noise falls on all alike. Timed from the `import()` call to its
 * settling, so Node's own start-up is left out. `pnpm bench:import-time` alone.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Stats, stats } from './lib/measure.js';

export const IMPORTED = [
  '@sandbank/engine',
  '@sandbank/engine/testing',
  '@sandbank/engine/node',
  'msw/node',
] as const;

/** bench/, whose package.json lists what is imported, as a user's project would. */
const project = fileURLToPath(new URL('.', import.meta.url));

function importOnce(specifier: string): number {
  const script = `const started = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - started));`;
  const took = Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' }),
  );
  if (!Number.isFinite(took)) throw new Error(`importing ${specifier} printed no time`);
  return took;
}

/** Each module's import time in milliseconds over `rounds` fresh processes each. */
export function importTimes(rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 11)): Record<string, Stats> {
  const samples = new Map<string, number[]>(IMPORTED.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < IMPORTED.length; i++) {
      const name = IMPORTED[(round + i) % IMPORTED.length] as string;
      samples.get(name)?.push(importOnce(name));
    }
  }
  return Object.fromEntries([...samples].map(([name, times]) => [name, stats(times)]));
}

export function printImportTimes(times: Record<string, Stats>): void {
  const msw = times['msw/node'] as Stats;
  console.log(
    `\n| import in a fresh Node process (${msw.samples} each, alternating) | p50 | worst | p50 vs msw/node |`,
  );
  console.log('|---|---|---|---|');
  for (const [name, s] of Object.entries(times)) {
    console.log(
      `| \`${name}\` | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${(s.p50 / msw.p50).toFixed(2)}× |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printImportTimes(importTimes());
