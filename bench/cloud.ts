/**
 * Hosted banks (packages/cloudflare) in a local workerd through Miniflare, beside `sandbank serve`
 * (the engine's Node HTTP server) in the same run: a signed GET /v1/accounts over HTTP on each; creating
 * a bank; reviving an evicted bank of 100 000 transactions to its first answer; 1 000 banks created and
 * each answering one request, with workerd's memory per bank.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalRuntime, startLocal } from '@sandbank/cloudflare/local';
import { createSandbox, type Sandbox } from '@sandbank/engine';
import { createSandboxServer } from '@sandbank/engine/node';
import { presetIdentity, signRequest } from '@sandbank/engine/tpp';
import { consent, KARI, START, stateWithTransactions } from '@sandbank/test-support/ais';
import { asSandbox, type CreatedBank, fetchOnNewConnection } from '@sandbank/test-support/hosted';
import { TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { fmt, interleaved, ratio, stats } from './lib/measure.js';

const FIXED = new Date(START).toISOString();

/** The engine's Node server on a free port: what `pnpm serve` runs. */
async function serve(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createSandboxServer(
    createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION] }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `pnpm serve` as the engine tests' Sandbox: requests to its URL, signed by the bank clock. */
function served(url: string): Sandbox {
  const sandbox = createSandbox({ now: () => START });
  return {
    ...sandbox,
    async fetch(request) {
      const target = new URL(request.url);
      const body = request.body === null ? null : await request.arrayBuffer();
      let sent = new Request(`${url}${target.pathname}${target.search}`, {
        method: request.method,
        headers: request.headers,
        body,
        redirect: 'manual',
      });
      if (target.pathname.startsWith('/v1/') && !sent.headers.has('signature')) {
        sent = await signRequest(sent, await presetIdentity('both'), { now: START, date: 'date' });
      }
      return fetch(sent);
    },
  };
}

/** A consented, signed GET /v1/accounts, made once and sent again each round. */
async function accountsCall(sandbox: Sandbox, accountsUrl: string): Promise<() => Promise<void>> {
  const psu = await consent(sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  const signed = await signRequest(
    new Request(accountsUrl, { headers: { ...psu.headers, 'x-request-id': 'bench-accounts' } }),
    await presetIdentity('both'),
    { now: START, date: 'date' },
  );
  const headers = Object.fromEntries(signed.headers);
  return async () => {
    const answer = await fetch(accountsUrl, { headers });
    if (answer.status !== 200) throw new Error(`GET /v1/accounts: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
  };
}

async function create(rt: LocalRuntime, body: Record<string, unknown> = {}): Promise<CreatedBank> {
  const answer = await fetch(`${rt.url}/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rt.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fixedTime: FIXED, ...body }),
  });
  if (answer.status !== 201) throw new Error(`POST /tenants: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as CreatedBank;
}

function rssKiB(pid: number | null): number {
  if (pid === null) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

export interface CloudReport {
  accounts: { workerd: ReturnType<typeof stats>; serve: ReturnType<typeof stats>; ratio: number };
  createBank: ReturnType<typeof stats>;
  emptyObject: ReturnType<typeof stats>;
  revive100k: ReturnType<typeof stats>;
  thousand: {
    totalMs: number;
    perBank: ReturnType<typeof stats>;
    rssBeforeKiB: number;
    rssAfterKiB: number;
    rssIdleKiB: number;
  };
}

export async function runCloudBench(rounds = 500): Promise<CloudReport> {
  const folder = await mkdtemp(join(tmpdir(), 'sandbank-bench-cloud-'));
  const rt = await startLocal({ persist: folder, adminToken: 'bench' });
  const node = await serve();
  try {
    console.log('\n# Hosted banks: local workerd (Miniflare) beside sandbank serve\n');
    // 1. A signed GET /v1/accounts over HTTP, the two interleaved.
    const hosted = await create(rt);
    const onWorkerd = await accountsCall(asSandbox(hosted), `${hosted.baseUrl}/v1/accounts`);
    const onServe = await accountsCall(served(node.url), `${node.url}/v1/accounts`);
    const round = await interleaved({ workerd: onWorkerd, serve: onServe }, rounds, 100);
    const workerd = round.workerd as ReturnType<typeof stats>;
    const serveStats = round.serve as ReturnType<typeof stats>;
    console.log(
      `signed GET /v1/accounts, ${rounds} rounds: workerd p50 ${fmt(workerd.p50)} (p99 ${fmt(workerd.p99)}), ` +
        `sandbank serve p50 ${fmt(serveStats.p50)} (p99 ${fmt(serveStats.p99)}): ${ratio(workerd.p50, serveStats.p50)} (target ≤ 1.5×)`,
    );

    // 2. Creating a bank, beside a bare contender: a request to an unknown bank id, which makes a new,
    // empty Durable Object and asks it once (nothing written): the floor of anything that makes an object.
    const creations: number[] = [];
    const emptyObjects: number[] = [];
    const letters = 'abcdefghijklmnopqrstuvwxyz234567';
    for (let i = 0; i < 60; i++) {
      let started = performance.now();
      await create(rt);
      if (i >= 10) creations.push(performance.now() - started);
      // A new id each time (i in base 32), so each is a new object.
      const unknownId = Array.from({ length: 26 }, (_, j) => letters[Math.floor(i / 32 ** j) % 32]).join('');
      started = performance.now();
      const empty = await fetch(`${rt.url}/t/${unknownId}/v1/accounts`);
      await empty.arrayBuffer();
      if (empty.status !== 404) throw new Error(`unknown bank: ${empty.status}`);
      if (i >= 10) emptyObjects.push(performance.now() - started);
    }
    const createBank = stats(creations);
    const emptyObject = stats(emptyObjects);
    console.log(
      `POST /tenants: p50 ${fmt(createBank.p50)} (p99 ${fmt(createBank.p99)}) (target < 50 ms); ` +
        `a new, empty object asked once (unknown bank id): p50 ${fmt(emptyObject.p50)}: ${ratio(createBank.p50, emptyObject.p50)}`,
    );

    // 3. Reviving an evicted bank of 100 000 transactions (every object evicted: workerd restarted).
    const big = await create(rt);
    const { state } = stateWithTransactions(100_000, big.id);
    const auth = { authorization: `Bearer ${big.controlToken}` };
    const put = await fetchOnNewConnection(`${big.baseUrl}/_sandbank/state`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(state),
    });
    if (!put.ok) throw new Error(`PUT /_sandbank/state: ${put.status}`);
    // The import is folded into a snapshot after a pause in the writes: wait for it.
    for (;;) {
      const report = (await (await fetch(`${big.baseUrl}/_sandbank/storage`, { headers: auth })).json()) as {
        logEntries: number;
      };
      if (report.logEntries === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const revivals: number[] = [];
    for (let i = 0; i < 5; i++) {
      await rt.restart();
      const started = performance.now();
      const first = await fetch(`${rt.url}/t/${big.id}/_sandbank/clock`, { headers: auth });
      await first.arrayBuffer();
      revivals.push(performance.now() - started);
      if (first.status !== 200) throw new Error(`revived bank: ${first.status}`);
    }
    const revive100k = stats(revivals);
    // Where the last revival's time went inside the object (the store's own account of its restore).
    const restored = (await (
      await fetch(`${rt.url}/t/${big.id}/_sandbank/storage`, { headers: auth })
    ).json()) as {
      restoreMs: { read: number; verify: number; fold: number };
    };
    const { read, verify, fold } = restored.restoreMs;
    console.log(
      `evicted bank of 100 000 transactions to its first answer: p50 ${fmt(revive100k.p50)} over ${revivals.length} revivals (target < 500 ms); ` +
        `the last restore inside the object: read ${fmt(read)}, chunks checked and parsed ${fmt(verify)}, fold ${fmt(fold)}`,
    );

    // 4. 1 000 banks, each created and answering one request.
    await rt.restart();
    const rssBeforeKiB = rssKiB(rt.pid());
    const perBankSamples: number[] = [];
    const all = performance.now();
    for (let i = 0; i < 1000; i++) {
      const started = performance.now();
      const bank = await create(rt);
      const answer = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
        headers: { authorization: `Bearer ${bank.controlToken}` },
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`bank ${i}: ${answer.status}`);
      perBankSamples.push(performance.now() - started);
    }
    const totalMs = performance.now() - all;
    const rssAfterKiB = rssKiB(rt.pid());
    // workerd evicts objects that stayed idle; what remains after that is the cost of an idle bank.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_IDLE_WAIT_MS ?? 30_000)));
    const rssIdleKiB = rssKiB(rt.pid());
    const perBank = stats(perBankSamples);
    console.log(
      `1 000 banks created and each answering one request: ${(totalMs / 1000).toFixed(1)} s, p50 ${fmt(perBank.p50)} per bank; ` +
        `workerd RSS ${(rssBeforeKiB / 1024).toFixed(0)} MiB before, ${(rssAfterKiB / 1024).toFixed(0)} MiB after ` +
        `(${((rssAfterKiB - rssBeforeKiB) / 1000).toFixed(0)} KiB per bank while loaded), ${(rssIdleKiB / 1024).toFixed(0)} MiB after ` +
        `${Number(process.env.BENCH_IDLE_WAIT_MS ?? 30_000) / 1000} s idle (${((rssIdleKiB - rssBeforeKiB) / 1000).toFixed(0)} KiB per idle bank)`,
    );
    return {
      accounts: { workerd, serve: serveStats, ratio: workerd.p50 / serveStats.p50 },
      createBank,
      emptyObject,
      revive100k,
      thousand: { totalMs, perBank, rssBeforeKiB, rssAfterKiB, rssIdleKiB },
    };
  } finally {
    await node.stop();
    await rt.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
