/**
 * Payment creation as the state grows: `n` signed creations in a row through `sandbox.fetch` (each
 * signed beforehand with its own X-Request-ID, outside the timing), the median per block of 50, and
 * the CPU time of the whole loop. `PROFILE=file.cpuprofile` profiles the loop (node:inspector).
 * Run: `pnpm bench:growth` (N=600 by default; `N=1000 pnpm bench:growth`).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createSandbox } from '@sandbank/engine';
import { consent, KARI, START } from '@sandbank/test-support/ais';
import { signFor, signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { stats } from './lib/measure.js';

const ORIGIN = 'https://bank.example';
const n = Number(process.env.N ?? 600);
const raw = createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION] });
const psu = await consent(signing(raw), { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
const accounts = Object.values(raw.getState().accounts);
const kari = accounts.find((a) => a.customerNumber === KARI && a.accountName === 'Brukskonto');
const ola = accounts.find((a) => a.customerNumber !== KARI && a.accountName === 'Brukskonto');
const requests: Request[] = [];
for (let i = 0; i < n; i++) {
  const body = {
    instructedAmount: { amount: '10.00', currency: 'NOK' },
    creditorName: 'Ola Hansen',
    creditorAccount: { bban: ola?.bban, currency: 'NOK' },
    creditorAddress: { country: 'NO' },
    debtorAccount: { bban: kari?.bban, currency: 'NOK' },
    remittanceInformationUnstructured: 'Bench',
  };
  const path = '/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=true';
  const headers = {
    'x-request-id': crypto.randomUUID(),
    ...psu.headers,
    'psu-ip-address': '192.0.2.10',
    'psu-context': 'PRIVATE',
    'content-type': 'application/json',
  };
  requests.push(
    await signFor(
      raw,
      new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    ),
  );
}
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
for (const request of requests) {
  const t = performance.now();
  const response = await raw.fetch(request);
  await response.text();
  samples.push(performance.now() - t);
  if (response.status !== 201) throw new Error(`creation answered ${response.status}`);
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
