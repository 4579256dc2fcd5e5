/**
 * `pnpm bench:test-suite`: what a test suite pays Sandbank apart from the bank's answers (also in
 * `pnpm bench`, after the round trips). Interleaved, medians and p99 (`BENCH_ROUNDS`, default 2 000):
 * - a fresh bank for each test, as the README's quick starts give one, every bank on the fixed clock
 *   NOW: `installSandbox({ now }).reset()` and `createSandbox({ now })`, beside the seeded state made anew (`createSeedState`), which
 *   both did before seeded states were shared (session 24) and a bank on the real clock still does;
 * - a signed request's signing by the TPP kit (`signRequest` of a GET), beside the same signing
 *   through WebCrypto (a SubtleCrypto passed in, as every signature was made before session 24);
 * - a test's first signed request, to a fresh bank (`reset()` included), beside the same request to a
 *   bank that has answered that TPP before: what a bank still does once per bank.
 */
import { createSandbox } from '@sandbank/engine';
import { createSeedState } from '@sandbank/engine/internal';
import { installSandbox } from '@sandbank/engine/testing';
import { presetIdentity, signRequest } from '@sandbank/engine/tpp';
import { fmt, interleaved, ratio, type Stats } from './lib/measure.js';
import { copies } from './lib/requests.js';
import { drain } from './node.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');

export interface TestSuiteCosts {
  freshBank: Record<string, Stats>;
  signing: Record<string, Stats>;
  firstRequest: Record<string, Stats>;
}

/** The runtime's WebCrypto behind another object: the kit then signs with it, not with node:crypto. */
function webCryptoOnly(): SubtleCrypto {
  const real = globalThis.crypto.subtle;
  return new Proxy(real, {
    get: (target, name) => {
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function testSuiteCosts(rounds: number): Promise<TestSuiteCosts> {
  const installed = installSandbox({ now: () => NOW });
  let freshBank: Record<string, Stats>;
  try {
    freshBank = await interleaved(
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
  const identity = await presetIdentity('both');
  const subtle = webCryptoOnly();
  const get = () =>
    new Request('http://localhost/v1/accounts', { headers: { 'X-Request-ID': crypto.randomUUID() } });
  const signing = await interleaved(
    {
      '`signRequest` (node:crypto in Node)': () => signRequest(get(), identity, { now: NOW }),
      'the same through WebCrypto': () => signRequest(get(), identity, { now: NOW, subtle }),
    },
    rounds,
  );
  const customers = copies(
    await signRequest(
      new Request('http://localhost/v1/sandbox/customers', { headers: { 'X-Request-ID': 'bench-first' } }),
      identity,
      { now: NOW },
    ),
  );
  const fresh = installSandbox({ now: () => NOW });
  const warm = createSandbox({ now: () => NOW });
  let firstRequest: Record<string, Stats>;
  try {
    firstRequest = await interleaved(
      {
        "a fresh bank's first signed GET, `reset()` included": () => {
          fresh.reset();
          return drain(fresh.sandbox.fetch(customers()));
        },
        'the same GET to a bank that has answered it before': () => drain(warm.fetch(customers())),
      },
      rounds,
    );
  } finally {
    fresh.uninstall();
  }
  return { freshBank, signing, firstRequest };
}

function table(title: string, results: Record<string, Stats>): void {
  const last = Object.values(results).at(-1) as Stats;
  console.log(`\n| ${title} | p50 | p99 | p50 vs the last |\n|---|---|---|---|`);
  for (const [name, s] of Object.entries(results))
    console.log(`| ${name} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${ratio(s.p50, last.p50)} |`);
}

export function printTestSuiteCosts(costs: TestSuiteCosts): void {
  table('a fresh bank (Node)', costs.freshBank);
  table('a GET signed by the TPP kit (Node)', costs.signing);
  table("a test's first signed request (Node)", costs.firstRequest);
}

if (process.argv[1]?.endsWith('test-suite.ts')) {
  printTestSuiteCosts(await testSuiteCosts(Number(process.env.BENCH_ROUNDS ?? 2000)));
}
