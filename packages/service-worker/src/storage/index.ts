// The durable store: the worker's state in IndexedDB as a snapshot and a log of patches
// (docs/decisions/durable-state.md). One module per part; this is what the rest of the worker uses.

export type {
  ChunkRecord,
  DurableStore,
  LogRecord,
  QuarantineRecord,
  SnapshotRecord,
  StorageReport,
  StoreOptions,
} from '@sandbank/engine/storage';
export { chunkText, parseChunk, STORAGE_SCHEMA } from '@sandbank/engine/storage';
export { DATABASE_NAME } from './indexeddb.js';
export { openStore } from './indexeddb-store.js';
export { memoryOnly } from './memory-store.js';
