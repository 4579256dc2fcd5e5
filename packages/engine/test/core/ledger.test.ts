import fc from 'fast-check';
import { enablePatches, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_MAX,
  type Ledger,
  ledgerFind,
  ledgerFrom,
  ledgerInsert,
  ledgerRemove,
  ledgerSize,
  newestFirst,
} from '../../src/core/ledger.js';
import type { Transaction } from '../../src/core/state.js';

enablePatches();

function tx(seq: number, day: number): Transaction {
  const date = `2026-01-${String(1 + (day % 28)).padStart(2, '0')}`;
  return {
    transactionId: `t${seq}`,
    accountId: 'a',
    status: 'booked',
    seq,
    bookingDate: date,
    amount: '1.00',
    currency: 'NOK',
  };
}

const model = (txs: Transaction[]) =>
  [...txs].sort((a, b) =>
    a.bookingDate === b.bookingDate ? b.seq - a.seq : a.bookingDate < b.bookingDate ? 1 : -1,
  );

describe('the chunked transaction ledger', () => {
  it('lists newest first like a sorted array, whatever the insertion order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 60 }), { maxLength: 3000 }), (days) => {
        const txs = days.map((day, seq) => tx(seq, day));
        const ledger: Ledger = [];
        for (const t of txs) ledgerInsert(ledger, t);
        expect([...newestFirst(ledger)].map((t) => t.seq)).toEqual(model(txs).map((t) => t.seq));
        expect(ledger.every((chunk) => chunk.length > 0 && chunk.length <= CHUNK_MAX)).toBe(true);
        expect(ledgerSize(ledger)).toBe(txs.length);
      }),
      { numRuns: 40 },
    );
  });

  it('builds the same order in bulk', () => {
    const txs = Array.from({ length: 2500 }, (_, i) => tx(i, (i * 7) % 28));
    expect([...newestFirst(ledgerFrom(txs))].map((t) => t.seq)).toEqual(model(txs).map((t) => t.seq));
  });

  it('finds and removes by id', () => {
    const ledger = ledgerFrom([tx(1, 1), tx(2, 2), tx(3, 3)]);
    expect(ledgerFind(ledger, 't2')?.seq).toBe(2);
    expect(ledgerRemove(ledger, 't2')?.seq).toBe(2);
    expect(ledgerFind(ledger, 't2')).toBeNull();
    expect(ledgerSize(ledger)).toBe(2);
  });

  it('records one patch for a new newest transaction, however large the ledger', () => {
    const big = { ledger: ledgerFrom(Array.from({ length: 50_000 }, (_, i) => tx(i, i % 20))) };
    const [, patches] = produceWithPatches(big, (draft) => {
      ledgerInsert(draft.ledger, tx(60_000, 27));
    });
    expect(patches).toHaveLength(1);
  });
});
