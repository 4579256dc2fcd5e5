import * as z from 'zod/mini';
import type { Ledger } from '../core/ledger.js';
import { Snapshot, SnapshotName, State, Transaction } from '../core/state.js';
import { strictCopy } from '../core/strict-schema.js';

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

function isCheckedLedger(value: unknown): boolean {
  if (StrictChunk === null || !Array.isArray(value)) return false;
  for (const chunk of value) {
    if (!StrictChunk.safeParse(chunk).success) return false;
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
