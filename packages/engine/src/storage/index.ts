// The persistence codec (`@sandbank/engine/storage`): how a sandbox's state is kept in any durable
// store as a snapshot, ledger chunks keyed by their checksum, and a log of immer patches after the
// snapshot, and how those records become a state again. Records in, records out: no storage API here.
// The service worker stores them in IndexedDB, the hosted bank in a Durable Object's SQLite
// (docs/decisions/durable-state.md).

export { applyLogEntry, replacesSlice } from './change-log.js';
export { type ChunkCheck, checkChunk, chunkBytes, chunkKey, exportedChunk } from './chunk-codec.js';
export { chunkText, parseChunk } from './chunk-text.js';
export {
  type CompactionEffect,
  type CompactionEvent,
  type CompactionPolicy,
  type CompactionState,
  transition,
} from './compaction.js';
export {
  type CompactionScheduler,
  compactionScheduler,
  realTimer,
  type Timer,
} from './compaction-scheduler.js';
export { exportQuarantined, quarantineNotice, quarantineRecord } from './quarantine.js';
export {
  type ChunkRecord,
  type LogRecord,
  type QuarantineRecord,
  type SnapshotRecord,
  STORAGE_SCHEMA,
  type StorageReport,
} from './records.js';
export { type ChunkLoader, type Restored, restore, restoreLazily } from './restore.js';
export { type SnapshotChunk, snapshotRecords } from './snapshot.js';
export type { DurableStore, StoreOptions } from './store.js';
export { StoredStateError, validate } from './validate.js';
