/**
 * `pnpm bench:fresh-process`: what each test file pays before its first answer. Vitest runs each test
 * file in a process (or module graph) of its own, so a suite of forty files starts the sandbox forty
 * times. Each contender is a script in bench/fresh-process/, run in a fresh `node` (the packages as
 * built, resolved from bench/ as from a user's project), the three alternating for `BENCH_PROCESSES`
 * rounds (default 11):
 * - Sandbank as the README's Node quick start: `@sandbank/engine` and its TPP kit imported, a bank,
 *   the preset identity, one signed `GET /v1/sandbox/customers`;
 * - MSW 2's `setupServer` with one static JSON handler, listening, one `fetch`;
 * - Node alone: one `Response` made and read, nothing imported.
 * Each script notes `performance.now()` (ms since its process started) at each step; the report gives
 * the medians of the time to the first answer read and of Sandbank's steps.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Stats, stats } from './lib/measure.js';

const CONTENDERS = {
  sandbank: 'Sandbank: import, bank, preset identity, signed GET',
  msw: 'MSW 2 `setupServer`, static JSON',
  bare: 'Node alone, a `Response` read',
} as const;
type Contender = keyof typeof CONTENDERS;

/** Marks a script prints: ms since its process started. */
type Marks = Record<string, number>;

const bench = fileURLToPath(new URL('.', import.meta.url));

function runOnce(name: Contender): Marks {
  const out = execFileSync(process.execPath, [`fresh-process/${name}.mjs`], { cwd: bench, encoding: 'utf8' });
  const marks = JSON.parse(out) as Marks;
  if (typeof marks.answered !== 'number') throw new Error(`bench:fresh-process: ${name} printed no answer`);
  return marks;
}

export interface FreshProcessCosts {
  /** Process start to the first answer read, per contender. */
  toAnswer: Record<string, Stats>;
  /** Sandbank's steps, each from the mark before it. */
  steps: Record<string, Stats>;
}

const STEPS: Array<[from: string, to: string, label: string]> = [
  ['start', 'imported', '`@sandbank/engine` and `/tpp` imported'],
  ['imported', 'bank', '`createSandbox({ now, seed })`'],
  ['bank', 'identified', "`presetIdentity('both')`"],
  ['identified', 'signed', '`signRequest` of the GET'],
  ['signed', 'answered', 'the first answer read'],
];

export function freshProcessCosts(rounds = Number(process.env.BENCH_PROCESSES ?? 11)): FreshProcessCosts {
  const names = Object.keys(CONTENDERS) as Contender[];
  const runs = new Map<Contender, Marks[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as Contender;
      runs.get(name)?.push(runOnce(name));
    }
  }
  const toAnswer = Object.fromEntries(
    names.map((name) => [
      CONTENDERS[name],
      stats((runs.get(name) ?? []).map((marks) => marks.answered ?? 0)),
    ]),
  );
  const sandbank = runs.get('sandbank') ?? [];
  const steps = Object.fromEntries(
    STEPS.map(([from, to, label]) => [label, stats(sandbank.map((m) => (m[to] ?? 0) - (m[from] ?? 0)))]),
  );
  return { toAnswer, steps };
}

export function printFreshProcessCosts(costs: FreshProcessCosts): void {
  const msw = costs.toAnswer[CONTENDERS.msw] as Stats;
  console.log(
    `\n| a fresh Node process to its first answer (${msw.samples} each, alternating) | p50 | worst | p50 vs MSW |`,
  );
  console.log('|---|---|---|---|');
  for (const [name, s] of Object.entries(costs.toAnswer))
    console.log(
      `| ${name} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${(s.p50 / msw.p50).toFixed(2)}× |`,
    );
  console.log("\n| Sandbank's steps in a fresh process | p50 | worst |\n|---|---|---|");
  for (const [name, s] of Object.entries(costs.steps))
    console.log(`| ${name} | ${s.p50.toFixed(1)} ms | ${s.p99.toFixed(1)} ms |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printFreshProcessCosts(freshProcessCosts());
