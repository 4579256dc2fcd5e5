import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '@sandbank/engine';
import { accountList, paymentById } from '@sandbank/engine';
import { stateWithTransactions } from '@sandbank/test-support/ais';
import {
  asSandbox,
  type CreatedBank,
  createBank,
  fetchOnNewConnection,
  runtime,
} from '@sandbank/test-support/hosted';
import { approve, createPayment, ndctBody, state } from '@sandbank/test-support/payments';
import { api } from '@sandbank/test-support/sandbox-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalRuntime } from '../src/local.js';

// A bank's state lives in its Durable Object's SQLite storage: every change is committed before its
// answer, so stopping workerd (every object evicted) in the middle of a sequence of writes loses none
// that was answered, concurrent writes are all kept, and a bank of 100 000 transactions (far beyond
// one 2 MB row) comes back whole.

let rt: LocalRuntime;
let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sandbank-do-'));
  rt = await runtime({ persist: folder });
});
afterAll(async () => {
  await rt?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The bank at the runtime's current URL (a restart may move the port). */
function here(bank: CreatedBank): CreatedBank {
  return { ...bank, baseUrl: `${rt.url}/t/${bank.id}` };
}

function control(bank: CreatedBank, path: string, init: RequestInit = {}) {
  return fetch(`${here(bank).baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${bank.controlToken}`, 'content-type': 'application/json' },
  });
}

/** PUT /_sandbank/state of a state just made (the event loop busy for a while before it). */
function importState(bank: CreatedBank, state: State) {
  return fetchOnNewConnection(`${here(bank).baseUrl}/_sandbank/state`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${bank.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
}

async function tppIds(bank: CreatedBank): Promise<string[]> {
  const answer = await control(bank, '/_sandbank/tpps');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { tpps: Array<{ organisationId: string }> }).tpps.map(
    (t) => t.organisationId,
  );
}

const totalBooked = (s: State) =>
  accountList(s)
    .filter((a) => a.currency === 'NOK')
    .reduce((sum, a) => sum + Math.round(Number(a.booked) * 100), 0);

describe('a hosted bank’s durable state', () => {
  it('keeps every answered write when workerd stops in the middle of a sequence of writes', async () => {
    const bank = await createBank(rt);
    const answered: string[] = [];
    let restarting: Promise<void> | null = null;
    for (let i = 0; i < 40; i++) {
      const organisationId = `PSDNO-FSA-${String(100000 + i)}`;
      if (i === 20) restarting = rt.restart();
      try {
        const answer = await control(bank, '/_sandbank/tpps', {
          method: 'POST',
          body: JSON.stringify({ organisationId, name: `TPP ${i}`, roles: ['PSP_AI'] }),
        });
        if (answer.status === 201 || answer.status === 200) answered.push(organisationId);
      } catch {
        // Sent while workerd stopped: unanswered, so either outcome is allowed.
      }
      if (restarting !== null) {
        await restarting;
        restarting = null;
      }
    }
    expect(answered.length).toBeGreaterThanOrEqual(30);
    const stored = await tppIds(bank);
    for (const id of answered) expect(stored).toContain(id);
    // And again after another restart, now from the folded or the logged records.
    await rt.restart();
    expect(new Set(await tppIds(bank))).toEqual(new Set(stored));
  });

  it('stores a new bank as its config only, and makes the same seeded bank again after a restart', async () => {
    const bank = await createBank(rt);
    const storage = async () =>
      (await (await control(bank, '/_sandbank/storage')).json()) as Record<string, unknown>;
    const exported = async () => (await (await control(bank, '/_sandbank/state')).json()) as State;
    const made = await exported();
    expect(await storage()).toMatchObject({ restored: 'fresh', snapshotSeq: 0, chunks: 0, logEntries: 0 });
    await rt.restart();
    expect(await storage()).toMatchObject({ restored: 'fresh', chunks: 0 });
    expect(await exported()).toEqual(made);
    // The first change stores the seeded state with it; both come back.
    const organisationId = 'PSDNO-FSA-424242';
    const registered = await control(bank, '/_sandbank/tpps', {
      method: 'POST',
      body: JSON.stringify({ organisationId, name: 'TPP after a restart', roles: ['PSP_AI'] }),
    });
    expect(registered.status).toBe(201);
    await rt.restart();
    expect(await storage()).toMatchObject({ restored: 'snapshot' });
    const after = await exported();
    expect(after.transactions).toEqual(made.transactions);
    expect(after.accounts).toEqual(made.accounts);
    expect(await tppIds(bank)).toContain(organisationId);
  });

  it('stores 50 concurrent payment creations on one bank, and settles them with the money conserved', async () => {
    const bank = await createBank(rt);
    const before = await state(asSandbox(here(bank)));
    const sandbox = asSandbox(here(bank));
    // Each its own text: the same payment twice would be a logical duplicate (409).
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createPayment(
          sandbox,
          ndctBody(before, {
            instructedAmount: { amount: '10.00', currency: 'NOK' },
            remittanceInformationUnstructured: `Middag ${i}`,
          }),
        ),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(50).fill(201));
    const ids = created.map((c) => c.body.paymentId as string);
    expect(new Set(ids).size).toBe(50);
    await rt.restart();
    const after = asSandbox(here(bank));
    const stored = await state(after);
    for (const id of ids) expect(paymentById(stored, id)).toBeDefined();
    for (const id of ids) expect((await approve(after, id)).status).toBeLessThan(300);
    const moved = await control(bank, '/_sandbank/clock', {
      method: 'POST',
      body: JSON.stringify({ advanceMinutes: 2 * 24 * 60 }),
    });
    expect(moved.status).toBe(200);
    const settled = await state(asSandbox(here(bank)));
    expect(ids.map((id) => paymentById(settled, id)?.transactionStatus)).toEqual(Array(50).fill('ACSC'));
    expect(totalBooked(settled)).toBe(totalBooked(before));
  });

  it('brings a bank of 100 000 transactions back whole after a restart, stored in parts under the row limit', async () => {
    const bank = await createBank(rt);
    const { state: big, accountId } = stateWithTransactions(100_000, bank.id);
    const imported = await importState(bank, big);
    expect(imported.status).toBeLessThan(300);
    await rt.restart();
    const report = (await (await control(bank, '/_sandbank/storage')).json()) as {
      durable: boolean;
      restored: string;
      problem: string | null;
    };
    expect(report).toMatchObject({ durable: true, restored: 'snapshot', problem: null });
    const exported = (await (await control(bank, '/_sandbank/state')).json()) as State;
    const ledger = exported.transactions[accountId] ?? [];
    expect(ledger.flat().length).toBe(100_003);
    expect(ledger.length).toBeGreaterThan(50);
    const sent = big.transactions[accountId]?.flat() ?? [];
    const back = ledger.flat();
    for (const index of [0, 1, 50_000, 99_999, 100_002]) expect(back[index]).toEqual(sent[index]);
  });

  it('compacts a revived bank by hashing and writing only the chunk that changed', async () => {
    // Every object evicted first: the banks of the tests before hold their states in memory.
    await rt.restart();
    const bank = await createBank(rt);
    const { state: imported, accountId } = stateWithTransactions(20_000, bank.id);
    expect((await importState(bank, imported)).status).toBe(204);
    // Folded into chunks (the import is one logged change until then), then every object evicted.
    await compacted(bank);
    await rt.restart();
    const before = await storageReport(bank);
    expect(before).toMatchObject({ restored: 'snapshot', problem: null });
    expect(before.chunks).toBeGreaterThan(20);
    // One transaction more on another account: its ledger (one chunk) is the only one that changes;
    // the compaction after the pause reads every other ledger for the first time.
    const other = Object.keys(imported.transactions).find((id) => id !== accountId) as string;
    const added = await api(asSandbox(here(bank)), 'POST', `/v1/sandbox/accounts/${other}/transactions`, {
      body: [{ amount: '-12.50', currency: 'NOK', bookingDate: '2026-03-02', valueDate: '2026-03-02' }],
    });
    expect(added.status).toBe(201);
    // Compaction is due at 100 logged changes: 99 more that touch no ledger.
    for (let i = 0; i < 99; i++) {
      const registered = await control(bank, '/_sandbank/tpps', {
        method: 'POST',
        body: JSON.stringify({
          organisationId: `PSDNO-FSA-${200000 + i}`,
          name: `TPP ${i}`,
          roles: ['PSP_AI'],
        }),
      });
      expect(registered.status).toBe(201);
    }
    const after = await compacted(bank);
    expect(after.lastSnapshot).toEqual({ hashed: 1, written: 1 });
    expect(after.chunks).toBe(before.chunks);
    await rt.restart();
    const exported = (await (await control(bank, '/_sandbank/state')).json()) as State;
    expect(exported.transactions[other]?.flat().length).toBe(
      (imported.transactions[other]?.flat().length ?? 0) + 1,
    );
    expect(exported.transactions[accountId]).toEqual(imported.transactions[accountId]);
  });

  it('still reports a damaged ledger chunk when a bank revives, and sets its records aside', async () => {
    // Every object evicted first: the banks of the tests before hold their states in memory.
    await rt.restart();
    const bank = await createBank(rt);
    const { state: imported } = stateWithTransactions(2_000, bank.id);
    expect((await importState(bank, imported)).status).toBe(204);
    // Folded into chunks (no log left), then stopped: one transaction's text changed on disk.
    await compacted(bank);
    await rt.stop();
    const damaged = damageOnDisk(folder, 'Kjøp 1234"', 'Kjøp 1235"');
    rt = await runtime({ persist: folder });
    const report = await storageReport(bank);
    expect(damaged).toBeGreaterThan(0);
    expect(report).toMatchObject({ restored: 'recovered', quarantined: 1 });
    expect(report.problem).toMatch(/^ledger chunk [0-9a-f]{12} does not match its checksum/);
    const kept = (await (await control(bank, '/_sandbank/storage/quarantine')).json()) as {
      quarantined: Array<{ reason: string }>;
    };
    expect(kept.quarantined.map((q) => q.reason)).toEqual([report.problem]);
  });
});

async function storageReport(bank: CreatedBank) {
  const answer = await control(bank, '/_sandbank/storage');
  expect(answer.status).toBe(200);
  return (await answer.json()) as {
    restored: string;
    problem: string | null;
    chunks: number;
    logEntries: number;
    quarantined: number;
    lastSnapshot?: { hashed: number; written: number };
  };
}

/** The storage report once the log is folded into a snapshot (after the pause compaction waits for). */
function compacted(bank: CreatedBank) {
  return vi.waitFor(
    async () => {
      const report = await storageReport(bank);
      expect(report.logEntries).toBe(0);
      return report;
    },
    { timeout: 120_000, interval: 100 },
  );
}

/**
 * Replaces `from` by `to` (as long) in the stopped runtime's bank databases, where workerd keeps them:
 * in the SQLite write-ahead log (it does not checkpoint when it stops). Each WAL frame carries a
 * checksum chained over the frames before it, and SQLite takes a frame that fails it for the end of
 * the log (dropping it and every later one, silently), so the chain is written again over the
 * changed bytes: the damage is what a disk or an editor would leave in a page, which SQLite does not
 * notice (sqlite.org/fileformat2.html, "Checksum Algorithm"). How many places it changed.
 */
function damageOnDisk(dir: string, from: string, to: string): number {
  const needle = Buffer.from(from);
  const replacement = Buffer.from(to);
  let changed = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.sqlite-wal')) continue;
    const path = join(entry.parentPath, entry.name);
    const wal = readFileSync(path);
    if (wal.length < 32) continue;
    const bigEndian = wal.readUInt32BE(0) === 0x377f0683;
    const word = (at: number) => (bigEndian ? wal.readUInt32BE(at) : wal.readUInt32LE(at));
    const sum = (start: number, end: number, seed: [number, number]): [number, number] => {
      let [s0, s1] = seed;
      for (let at = start; at < end; at += 8) {
        s0 = (s0 + word(at) + s1) >>> 0;
        s1 = (s1 + word(at + 4) + s0) >>> 0;
      }
      return [s0, s1];
    };
    const pageSize = wal.readUInt32BE(8);
    // The chain as stored (to find where the valid log ends) and as written again.
    let stored: [number, number] = [wal.readUInt32BE(24), wal.readUInt32BE(28)];
    let written = stored;
    for (let frame = 32; frame + 24 + pageSize <= wal.length; frame += 24 + pageSize) {
      const page = frame + 24;
      stored = sum(page, page + pageSize, sum(frame, frame + 8, stored));
      // The end of the valid log: a frame of an earlier generation or never completed.
      const valid =
        wal.compare(wal, 16, 24, frame + 8, frame + 16) === 0 &&
        stored[0] === wal.readUInt32BE(frame + 16) &&
        stored[1] === wal.readUInt32BE(frame + 20);
      if (!valid) break;
      const data = wal.subarray(page, page + pageSize);
      for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + needle.length)) {
        replacement.copy(data, at);
        changed++;
      }
      written = sum(page, page + pageSize, sum(frame, frame + 8, written));
      wal.writeUInt32BE(written[0], frame + 16);
      wal.writeUInt32BE(written[1], frame + 20);
    }
    writeFileSync(path, wal);
    // The WAL's index is rebuilt from the log on the next open, checking every frame.
    rmSync(`${path.slice(0, -'-wal'.length)}-shm`, { force: true });
  }
  return changed;
}
