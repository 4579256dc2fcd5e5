import * as z from 'zod/mini';
import type { Ledger } from '../core/ledger.js';
import { Snapshot, SnapshotName, State, Transaction } from '../core/state.js';
import { strictCopy } from '../core/strict-schema.js';
import type { ChunkReader } from './issued-ids.js';

/**
 * The imported state's schema on the fast path of `PUT /_sandbank/state`. Validating a million
 * transactions through `State` makes zod build a copy of each, which the state then keeps while the
 * parsed body becomes garbage: two trees of a million objects through the garbage collector. Here
 * each ledger chunk is checked by a strict copy of the transaction schema (`strictCopy`), one chunk at
 * a time so that zod's copy of it dies young, and the ledger as parsed is kept: it equals what `State`
 * would make of it. The rest of the state goes through `State`'s own schemas. Whatever this schema
 * refuses (an invalid state, or a transaction with a field `State` would strip) is parsed again by
 * `State` itself, so the problem named, and what an unknown field becomes, are what they always were.
 */
const StrictChunk = (() => {
  const strict = strictCopy(Transaction);
  return strict === null ? null : z.array(strict);
})();

/**
 * While `parseForImport` runs: the reader of each ledger of the body (by the array), which reads a
 * chunk's ids against its bank's counter as soon as the chunk is validated (control/issued-ids.ts):
 * one walk over a million transactions, each chunk read while it is in the cache.
 */
let ledgerReaders: ReadonlyMap<unknown, ChunkReader> | null = null;

function isCheckedLedger(value: unknown): boolean {
  if (StrictChunk === null || !Array.isArray(value)) return false;
  const read = ledgerReaders?.get(value);
  for (let i = 0; i < value.length; i++) {
    const chunk = value[i];
    if (!StrictChunk.safeParse(chunk).success) return false;
    read?.(chunk, i);
  }
  return true;
}

const CheckedLedger = z.custom<Ledger>(isCheckedLedger);
const transactions = z.record(z.string(), CheckedLedger);

/** Null when the transaction schema has something the strict copy cannot stand for (a default, a transform). */
export const StateForImport =
  StrictChunk === null
    ? null
    : z.extend(State, {
        transactions,
        snapshots: z._default(
          z.record(
            SnapshotName,
            z.extend(Snapshot, { state: z.extend(Snapshot.shape.state, { transactions }) }),
          ),
          {},
        ),
      });

/**
 * `StateForImport`'s parse of `body`, each ledger chunk given to its reader in `readers` once
 * validated; null when there is no fast schema.
 */
export function parseForImport(body: unknown, readers: ReadonlyMap<unknown, ChunkReader>) {
  if (StateForImport === null) return null;
  ledgerReaders = readers;
  try {
    return StateForImport.safeParse(body);
  } finally {
    ledgerReaders = null;
  }
}
