import { STATE_VERSION, type State, type Transaction } from '../core/state.js';
import { chunkBytes, chunkKey } from './chunk-codec.js';
import { type SnapshotRecord, STORAGE_SCHEMA } from './records.js';

/** A ledger chunk of a snapshot with its key; `utf8` when it was encoded to find that key. */
export interface SnapshotChunk {
  chunk: Transaction[];
  key: string;
  utf8?: Uint8Array;
}

/**
 * The records of a snapshot of `state` after change `seq`: the snapshot record (the state without its
 * ledgers, and each ledger as its chunks' keys) and every chunk with its key. Chunks in `known` (the
 * same frozen arrays as when they were stored: the engine did not touch them) keep their key; the
 * others are encoded and hashed, all at once. Records out: the store writes the chunks it lacks.
 */
export async function snapshotRecords(
  at: { seq: number; state: State },
  known: WeakMap<object, string>,
  savedAt: number,
): Promise<{ record: SnapshotRecord; chunks: SnapshotChunk[] }> {
  const ledgers: Record<string, string[]> = {};
  const chunks: SnapshotChunk[] = [];
  const hashing: Array<Promise<void>> = [];
  for (const [account, ledger] of Object.entries(at.state.transactions)) {
    const keys: string[] = [];
    ledger.forEach((chunk, index) => {
      const entry: SnapshotChunk = { chunk, key: known.get(chunk) ?? '' };
      chunks.push(entry);
      keys.push(entry.key);
      if (entry.key === '') {
        const utf8 = chunkBytes(chunk);
        entry.utf8 = utf8;
        hashing.push(
          chunkKey(utf8).then((key) => {
            entry.key = key;
            keys[index] = key;
          }),
        );
      }
    });
    ledgers[account] = keys;
  }
  await Promise.all(hashing);
  const record: SnapshotRecord = {
    schema: STORAGE_SCHEMA,
    stateVersion: STATE_VERSION,
    seq: at.seq,
    savedAt,
    state: { ...at.state, transactions: {} },
    ledgers,
  };
  return { record, chunks };
}
