import { call, FIXED_NOW, fixedSandbox, messages } from '@sandbank/test-support/http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counterOf, opaqueId } from '../../src/core/ids.js';

// The bank makes each id from its seed and the next counter (core/ids.ts). An imported file whose
// `meta.counter` is below an id it holds would have the bank issue that id again, for a new record
// taking the place of the one the file keeps: such a file is refused whole.

interface Exported {
  meta: { seed: string; counter: number };
  transactions: Record<string, unknown[][]>;
  consents: Record<string, unknown>;
}

/** A seeded bank's export, and an account whose first ledger chunk has two transactions or more. */
async function exportedBank() {
  const sandbox = fixedSandbox();
  const exported = (await call(sandbox, 'GET', '/_sandbank/state')).body as Exported;
  const accountId = Object.keys(exported.transactions).find(
    (id) => (exported.transactions[id]?.[0]?.length ?? 0) >= 2,
  );
  if (accountId === undefined) throw new Error('the seed has no account with two transactions');
  return { sandbox, exported, accountId };
}

const consentFixture = {
  tppId: 'PSDNO-FSA-123456789',
  nationalId: '01010112345',
  context: 'PRIVATE',
  agreementId: null,
  cardAccountIds: [],
  status: 'valid',
  createdAt: FIXED_NOW,
  scaAt: FIXED_NOW,
  detailsDay: '2026-03-02',
  detailsCount: 0,
};

describe('counterOf: the counter behind an id the bank made', () => {
  it('gives back the counter of every id, of both lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(0xffffffff), fc.constantFrom(38, 28), (seed, counter, length) => {
        expect(counterOf(seed, opaqueId(seed, counter, length))).toBe(counter);
      }),
    );
  });

  it('gives for another seed null or a counter whose id it is (about one pair of seeds in a hundred)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.nat(0xffffffff),
        fc.constantFrom(38, 28),
        (seed, other, counter, length) => {
          const id = opaqueId(seed, counter, length);
          const found = counterOf(other, id);
          if (found !== null) expect(opaqueId(other, found, length)).toBe(id);
        },
      ),
    );
    expect(counterOf('psD84bD{<', opaqueId('', 0, 28))).toBe(2927476576);
    expect(counterOf('beta', opaqueId('alpha', 0))).toBeNull();
  });

  it('gives null for text in the id shape and a counter outside the bounds', () => {
    expect(counterOf('s', 'enc!!ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkl==')).toBeNull();
    expect(counterOf('s', 'not an id')).toBeNull();
    expect(counterOf('s', opaqueId('s', 41), 41)).toBeNull();
    expect(counterOf('s', opaqueId('s', 42), 41)).toBe(42);
    expect(counterOf('s', opaqueId('s', 42), 0, 41)).toBeNull();
    expect(counterOf('s', opaqueId('s', 42), 0, 42)).toBe(42);
  });
});

describe('PUT /_sandbank/state with meta.counter set back', () => {
  it('refuses the file whole, naming the counter and the id it would issue again', async () => {
    const source = fixedSandbox();
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as {
      meta: { seed: string; counter: number };
    };
    const target = fixedSandbox({ seed: 'another' });
    const before = JSON.stringify(target.getState());
    const setBack = { ...exported, meta: { ...exported.meta, counter: exported.meta.counter - 1 } };
    const answer = await call(target, 'PUT', '/_sandbank/state', { body: setBack });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'meta.counter',
      text: expect.stringContaining(opaqueId(exported.meta.seed, exported.meta.counter)),
    });
    expect(JSON.stringify(target.getState())).toBe(before);
    // The same file with its counter as exported is taken.
    expect((await call(target, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
  });

  it('takes a file holding ids made for another seed, which its bank would not issue soon', async () => {
    const source = fixedSandbox({ seed: 'alpha' });
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as { meta: { seed: string } };
    const target = fixedSandbox();
    const renamed = { ...exported, meta: { ...exported.meta, seed: 'beta' } };
    expect((await call(target, 'PUT', '/_sandbank/state', { body: renamed })).status).toBe(204);
  });

  it('names the id with the highest counter, the counter to set, and where it is', async () => {
    const { sandbox, exported, accountId } = await exportedBank();
    const { seed, counter } = exported.meta;
    const chunk = exported.transactions[accountId]?.[0] as Array<{ transactionId: string }>;
    const highest = opaqueId(seed, counter + 2 ** 19);
    (chunk[0] as { transactionId: string }).transactionId = opaqueId(seed, counter + 7);
    (chunk[1] as { transactionId: string }).transactionId = highest;
    const before = JSON.stringify(sandbox.getState());
    const answer = await call(sandbox, 'PUT', '/_sandbank/state', { body: exported });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'meta.counter',
      text: expect.stringContaining(
        `meta.counter: ${counter} is below ${counter + 2 ** 19}, the counter that made the id ${highest} ` +
          `at transactions.${accountId}.0.1.transactionId; the bank would issue that id again. ` +
          `Set meta.counter to at least ${counter + 2 ** 19}`,
      ),
    });
    expect(JSON.stringify(sandbox.getState())).toBe(before);
  });

  it('refuses it when the ledger holds a field the import strips (the slower validation)', async () => {
    const { sandbox, exported, accountId } = await exportedBank();
    const ledger = exported.transactions[accountId] as Array<Array<Record<string, unknown>>>;
    const transaction = ledger[0]?.[0] as Record<string, unknown>;
    transaction.transactionId = opaqueId(exported.meta.seed, exported.meta.counter + 1);
    transaction.note = 'a field the contract does not define';
    const answer = await call(sandbox, 'PUT', '/_sandbank/state', { body: exported });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.text).toContain(`at transactions.${accountId}.0.0.transactionId`);
    // Without the id, the same file is taken (the field stripped).
    transaction.transactionId = 'written-by-hand';
    expect((await call(sandbox, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
  });

  it('refuses an id a record refers to, such as an account the bank deleted', async () => {
    // A consent granting an account that is gone: a new account of that id would be granted too.
    const { sandbox, exported } = await exportedBank();
    const { seed, counter } = exported.meta;
    const gone = opaqueId(seed, counter + 1);
    exported.consents.kept = { ...consentFixture, consentId: 'kept', accountIds: [gone] };
    const answer = await call(sandbox, 'PUT', '/_sandbank/state', { body: exported });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]?.text).toContain(`the id ${gone} at consents.kept.accountIds.0`);
  });

  it('checks each snapshot against its own counter', async () => {
    const source = fixedSandbox();
    expect((await call(source, 'POST', '/_sandbank/snapshots', { body: { name: 'first' } })).status).toBe(
      201,
    );
    const exported = (await call(source, 'GET', '/_sandbank/state')).body as {
      snapshots: Record<string, { state: { meta: { counter: number } } }>;
    };
    const snapshot = exported.snapshots.first;
    if (snapshot === undefined) throw new Error('the snapshot is missing from the export');
    snapshot.state.meta.counter = 3;
    const answer = await call(source, 'PUT', '/_sandbank/state', { body: exported });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'snapshots.first.state.meta.counter',
    });
  });
});
