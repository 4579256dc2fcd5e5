import { current, type Draft, isDraft } from 'immer';
import { allocateId } from './ids.js';
import type { State, Transaction } from './state.js';

/**
 * An account's transactions, stored as chunks in ascending (bookingDate, seq) order.
 *
 * Why chunks: a new transaction is almost always the newest, so it lands at the end of the last
 * chunk. immer then copies one chunk (at most CHUNK_MAX entries) and the chunk list, and records one
 * patch, whatever the account holds; a flat newest-first array would be copied whole and shift every
 * index (one patch per element) on each insert. Reads walk the chunks backwards for newest first.
 */
export type Ledger = Transaction[][];

export const CHUNK_MAX = 1024;

function before(a: Transaction, b: Transaction): boolean {
  return a.bookingDate < b.bookingDate || (a.bookingDate === b.bookingDate && a.seq < b.seq);
}

/** What a new ledger entry says; `ledgerEntry` adds its id, account, sequence number and currency. */
export type EntryFields = Omit<Transaction, 'transactionId' | 'accountId' | 'seq' | 'currency'>;

/**
 * A new entry on `account`'s ledger, the one way every booking, reservation, seeded or mock-data
 * transaction is made: the next id from the bank's counter (so ids never repeat and follow the seed),
 * that counter as its sequence number (the order among entries of one day), the account's currency.
 */
export function ledgerEntry(
  state: { meta: { seed: string; counter: number } },
  account: { id: string; currency: string },
  { status, bookingDate, valueDate, amount, ...details }: EntryFields,
): Transaction {
  const transactionId = allocateId(state);
  return {
    transactionId,
    accountId: account.id,
    status,
    seq: state.meta.counter,
    bookingDate,
    ...(valueDate === undefined ? {} : { valueDate }),
    amount,
    currency: account.currency,
    ...details,
  };
}

/** Inserts `tx` in order; mutates `ledger` (an immer draft or a plain ledger being built). */
export function ledgerInsert(ledger: Ledger, tx: Transaction): void {
  let c = ledger.length - 1;
  // Walk back to the chunk that should hold it: usually the last one.
  while (c > 0 && before(tx, (ledger[c] as Transaction[])[0] as Transaction)) c--;
  if (c < 0) {
    ledger.push([tx]);
    return;
  }
  const chunk = ledger[c] as Transaction[];
  let i = chunk.length;
  while (i > 0 && before(tx, chunk[i - 1] as Transaction)) i--;
  if (i === chunk.length) chunk.push(tx);
  else chunk.splice(i, 0, tx);
  if (chunk.length > CHUNK_MAX) {
    const half = chunk.splice(CHUNK_MAX / 2);
    ledger.splice(c + 1, 0, half);
  }
}

/** Builds a ledger from transactions in any order. */
export function ledgerFrom(transactions: Iterable<Transaction>): Ledger {
  const sorted = [...transactions].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const ledger: Ledger = [];
  for (let i = 0; i < sorted.length; i += CHUNK_MAX / 2) ledger.push(sorted.slice(i, i + CHUNK_MAX / 2));
  return ledger;
}

/**
 * An account's ledger for reading inside an operation, as plain data: immer's `current` hands back
 * the untouched chunks themselves, so no proxy is made per transaction and nothing is copied unless
 * this request already changed it.
 */
export function readLedger(draft: Draft<State>, accountId: string): Ledger {
  const ledger = draft.transactions[accountId];
  if (ledger === undefined) return [];
  return isDraft(ledger) ? (current(ledger) as Ledger) : (ledger as Ledger);
}

/** Newest first, lazily: a page of 200 touches only the chunks it needs. */
export function* newestFirst(ledger: Ledger): Generator<Transaction> {
  for (let c = ledger.length - 1; c >= 0; c--) {
    const chunk = ledger[c] as Transaction[];
    for (let i = chunk.length - 1; i >= 0; i--) yield chunk[i] as Transaction;
  }
}

export function ledgerSize(ledger: Ledger): number {
  let n = 0;
  for (const chunk of ledger) n += chunk.length;
  return n;
}

/** Where a transaction sits, newest chunks searched first. */
export function ledgerLocate(ledger: Ledger, transactionId: string): { chunk: number; index: number } | null {
  for (let c = ledger.length - 1; c >= 0; c--) {
    const chunk = ledger[c] as Transaction[];
    for (let i = chunk.length - 1; i >= 0; i--) {
      if ((chunk[i] as Transaction).transactionId === transactionId) return { chunk: c, index: i };
    }
  }
  return null;
}

export function ledgerFind(ledger: Ledger, transactionId: string): Transaction | null {
  const at = ledgerLocate(ledger, transactionId);
  return at === null ? null : ((ledger[at.chunk] as Transaction[])[at.index] as Transaction);
}

/** Removes a transaction (e.g. a pending one that was booked or dropped); empty chunks go too. */
export function ledgerRemove(ledger: Ledger, transactionId: string): Transaction | null {
  const at = ledgerLocate(ledger, transactionId);
  if (at === null) return null;
  const chunk = ledger[at.chunk] as Transaction[];
  const [removed] = chunk.splice(at.index, 1);
  if (chunk.length === 0) ledger.splice(at.chunk, 1);
  return removed ?? null;
}
