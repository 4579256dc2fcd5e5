import type { Patch } from 'immer';
import type { State } from '../core/state.js';
import type { QuarantineRecord, StorageReport } from './records.js';

export interface DurableStore {
  readonly report: StorageReport;
  /** The restored state, or null to start from the seed. */
  readonly restored: State | null;
  /** The number of the last stored change (0 when none). */
  readonly lastSeq: number;
  /** Records the first state of a fresh start, so a restart sees the same seeded data. */
  begin(state: State): Promise<void>;
  /** Appends one commit's patches; resolves with its log number once IndexedDB has committed it. */
  append(patches: Patch[], state: State): Promise<number>;
  /** Folds the log into a new snapshot now (the store does it on its own after a pause in the writes). */
  compact(): Promise<void>;
  /** Every quarantined record, for export. */
  quarantined(): Promise<QuarantineRecord[]>;
  clearQuarantine(): Promise<void>;
}

export interface StoreOptions {
  /** Fold the log into a new snapshot after this many entries (default 100). */
  compactEvery?: number;
  /** How long a pause in the writes compaction waits for (default 200 ms). */
  compactIdleMs?: number;
  databaseName?: string;
}
