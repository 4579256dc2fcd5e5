import { exportedRecords } from '../core/exported-records.js';
import { LedgerChunk as LedgerChunkSchema, type State, State as StateSchema } from '../core/state.js';

/** What makes stored records unrestorable, said precisely enough to find the record at fault. */
export class StoredStateError extends Error {}

function invalid(
  issue: { path: PropertyKey[]; message: string } | undefined,
  at: PropertyKey[],
): StoredStateError {
  const path = [...at, ...(issue?.path ?? [])].map(String).join('.');
  return new StoredStateError(
    `the restored state is invalid at ${path || '(root)'}: ${issue?.message ?? 'unknown problem'}`,
  );
}

/**
 * Validates the restored state: everything but the ledgers with the state's schema, and each ledger
 * chunk that is not one of the checked, unchanged ones (a change from the log made it, or layout 1
 * stored it) with the transaction schema; a ledger not parsed yet is all checked chunks. Throws a StoredStateError naming the first invalid path.
 */
export function validate(state: State, verified: ReadonlyMap<object, string>): void {
  const { transactions, ...rest } = state;
  // Checked in the export's form: the slices in `KEYED_SLICES` are kept in chunks (core/keyed-chunks.ts).
  const head = StateSchema.safeParse(exportedRecords({ ...rest, transactions: {} } as State));
  if (!head.success) throw invalid(head.error.issues[0], []);
  if (transactions === null || typeof transactions !== 'object' || Array.isArray(transactions)) {
    throw new StoredStateError('the restored state is invalid at transactions: expected an object');
  }
  for (const account of Object.keys(transactions)) {
    // A ledger restored lazily (a getter, see restore) holds only chunks checked against their keys.
    if (Object.getOwnPropertyDescriptor(transactions, account)?.get !== undefined) continue;
    const ledger = (transactions as Record<string, unknown>)[account];
    if (!Array.isArray(ledger)) {
      throw new StoredStateError(
        `the restored state is invalid at transactions.${account}: expected a list of chunks`,
      );
    }
    ledger.forEach((chunk, index) => {
      if (verified.has(chunk)) return;
      const result = LedgerChunkSchema.safeParse(chunk);
      if (!result.success) throw invalid(result.error.issues[0], ['transactions', account, index]);
    });
  }
}
