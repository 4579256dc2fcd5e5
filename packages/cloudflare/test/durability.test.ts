import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '@sandbank/engine';
import { stateWithTransactions } from '@sandbank/test-support/ais';
import { asSandbox, type CreatedBank, createBank, runtime } from '@sandbank/test-support/hosted';
import { approve, createPayment, ndctBody, state } from '@sandbank/test-support/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function tppIds(bank: CreatedBank): Promise<string[]> {
  const answer = await control(bank, '/_sandbank/tpps');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { tpps: Array<{ organisationId: string }> }).tpps.map(
    (t) => t.organisationId,
  );
}

const totalBooked = (s: State) =>
  Object.values(s.accounts)
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
    for (const id of ids) expect(stored.payments[id]).toBeDefined();
    for (const id of ids) expect((await approve(after, id)).status).toBeLessThan(300);
    const moved = await control(bank, '/_sandbank/clock', {
      method: 'POST',
      body: JSON.stringify({ advanceMinutes: 2 * 24 * 60 }),
    });
    expect(moved.status).toBe(200);
    const settled = await state(asSandbox(here(bank)));
    expect(ids.map((id) => settled.payments[id]?.transactionStatus)).toEqual(Array(50).fill('ACSC'));
    expect(totalBooked(settled)).toBe(totalBooked(before));
  });

  it('brings a bank of 100 000 transactions back whole after a restart, stored in parts under the row limit', async () => {
    const bank = await createBank(rt);
    const { state: big, accountId } = stateWithTransactions(100_000, bank.id);
    const imported = await control(bank, '/_sandbank/state', { method: 'PUT', body: JSON.stringify(big) });
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
});
