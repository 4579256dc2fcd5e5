/**
 * A fresh bank for each test, as the README's quick starts give one: `installSandbox().reset()` and
 * `createSandbox()` at a fixed clock, beside what each of them cost before seeded states were shared
 * (session 24): the seeded state made anew (`createSeedState`), which a bank on the real clock
 * still pays. Interleaved, medians and p99. `pnpm bench` runs it after the round trips;
 * `pnpm bench:fresh-bank` alone (`BENCH_ROUNDS`, default 2 000).
 */
import { createSandbox } from '@sandbank/engine';
import { createSeedState } from '@sandbank/engine/internal';
import { installSandbox } from '@sandbank/engine/testing';
import { fmt, interleaved, ratio, type Stats } from './lib/measure.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');

export async function freshBanks(rounds: number): Promise<Record<string, Stats>> {
  const installed = installSandbox({ now: () => NOW });
  try {
    return await interleaved(
      {
        '`installSandbox().reset()`': async () => installed.reset(),
        '`createSandbox({ now })`': async () => createSandbox({ now: () => NOW }),
        'the seeded state made anew (`createSeedState`)': async () => createSeedState('sandbank', NOW),
      },
      rounds,
    );
  } finally {
    installed.uninstall();
  }
}

export function printFreshBanks(results: Record<string, Stats>): void {
  const anew = Object.values(results).at(-1) as Stats;
  console.log('\n| a fresh bank (Node) | p50 | p99 | p50 vs seeding anew |\n|---|---|---|---|');
  for (const [name, s] of Object.entries(results))
    console.log(`| ${name} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${ratio(s.p50, anew.p50)} |`);
}

if (process.argv[1]?.endsWith('fresh-bank.ts')) {
  printFreshBanks(await freshBanks(Number(process.env.BENCH_ROUNDS ?? 2000)));
}
