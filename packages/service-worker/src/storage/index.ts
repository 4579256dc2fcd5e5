// The durable store: the worker's state in IndexedDB as a snapshot and a log of patches
// (docs/decisions/durable-state.md). One module per part; this is what the rest of the worker uses.

export { chunkText, parseChunk } from './chunk-text.js';
export { DATABASE_NAME } from './indexeddb.js';
export { openStore } from './indexeddb-store.js';
export { memoryOnly } from './memory-store.js';
export type { ChunkRecord, LogRecord, QuarantineRecord, SnapshotRecord, StorageReport } from './records.js';
export { STORAGE_SCHEMA } from './records.js';
export type { DurableStore, StoreOptions } from './store.js';
