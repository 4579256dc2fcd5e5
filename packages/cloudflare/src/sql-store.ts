import type { State } from '@sandbank/engine';
import {
  chunkBytes,
  compactionScheduler,
  type DurableStore,
  exportQuarantined,
  type QuarantineRecord,
  quarantineNotice,
  quarantineRecord,
  replacesSlice,
  restoreLazily,
  STORAGE_SCHEMA,
  type StorageReport,
  snapshotRecords,
} from '@sandbank/engine/storage';
import type { DurableObjectStorage, SqlStorage, SqlValue } from './runtime.js';

// The engine's persistence codec (@sandbank/engine/storage) over a Durable Object's SQLite storage: the
// same snapshot, ledger chunks keyed by their SHA-256 and log of patches as the service worker keeps
// in IndexedDB (docs/decisions/durable-state.md), one table each. Durable Object SQLite stores a string,
// BLOB or row of at most 2 MB (docs/hosted.md, "Limits"), so every value is written as parts of at most
// PART_BYTES, in one transaction with the rest of its change. A write appends the change's patches
// only; the log is folded into a new snapshot after a pause in the writes, rewriting only the chunks
// that changed.

/** Under the 2 MB row limit with room for the row's other columns. */
export const PART_BYTES = 1024 * 1024;

const TABLES = [
  'CREATE TABLE IF NOT EXISTS snapshot_part (part INTEGER PRIMARY KEY, bytes BLOB NOT NULL)',
  'CREATE TABLE IF NOT EXISTS chunk_part (key TEXT NOT NULL, part INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (key, part))',
  'CREATE TABLE IF NOT EXISTS log_part (seq INTEGER NOT NULL, part INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (seq, part))',
  'CREATE TABLE IF NOT EXISTS quarantine_part (id INTEGER NOT NULL, part INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (id, part))',
];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The parts a value is stored as: copies of at most PART_BYTES each. */
function parts(bytes: Uint8Array): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (let start = 0; start < bytes.byteLength || out.length === 0; start += PART_BYTES) {
    out.push(bytes.slice(start, start + PART_BYTES).buffer);
  }
  return out;
}

/** Rows' `bytes`, in part order, joined. */
function joined(rows: Iterable<{ bytes: SqlValue }>): Uint8Array | null {
  const pieces: Uint8Array[] = [];
  let length = 0;
  for (const row of rows) {
    const piece = new Uint8Array(row.bytes as ArrayBuffer);
    pieces.push(piece);
    length += piece.byteLength;
  }
  if (pieces.length === 0) return null;
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.byteLength;
  }
  return out;
}

/** JSON from stored bytes; the text itself when it is not JSON (restore then names the problem). */
function parsed(bytes: Uint8Array): unknown {
  const text = decoder.decode(bytes);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readSnapshot(sql: SqlStorage): unknown {
  const bytes = joined(sql.exec<{ bytes: ArrayBuffer }>('SELECT bytes FROM snapshot_part ORDER BY part'));
  return bytes === null ? undefined : parsed(bytes);
}

/** Rows of parts (`key`, `bytes`, in part order) as each value's joined bytes, by key. */
function values<K>(rows: Iterable<{ key: K; bytes: SqlValue }>): Map<K, Uint8Array> {
  const byKey = new Map<K, Array<{ bytes: SqlValue }>>();
  for (const row of rows) {
    const list = byKey.get(row.key) ?? [];
    list.push(row);
    byKey.set(row.key, list);
  }
  return new Map([...byKey].map(([key, list]) => [key, joined(list) as Uint8Array]));
}

function readLog(sql: SqlStorage): unknown[] {
  const rows = sql.exec<{ key: number; bytes: ArrayBuffer }>(
    'SELECT seq AS key, bytes FROM log_part ORDER BY seq, part',
  );
  return [...values(rows)].map(([seq, bytes]) => ({ seq, patches: parsed(bytes) }));
}

function readChunk(sql: SqlStorage, key: string): unknown {
  const bytes = joined(
    sql.exec<{ bytes: ArrayBuffer }>('SELECT bytes FROM chunk_part WHERE key = ? ORDER BY part', key),
  );
  return bytes === null ? undefined : { key, utf8: bytes };
}

function chunkKeys(sql: SqlStorage): Set<string> {
  return new Set(
    sql
      .exec<{ key: string }>('SELECT DISTINCT key FROM chunk_part')
      .toArray()
      .map((r) => r.key),
  );
}

function writeChunk(sql: SqlStorage, key: string, bytes: Uint8Array): void {
  parts(bytes).forEach((part, index) => {
    sql.exec('INSERT OR REPLACE INTO chunk_part (key, part, bytes) VALUES (?, ?, ?)', key, index, part);
  });
}

/** Keeps the records that cannot be restored aside, unchanged, with the reason; then starts afresh. */
function setAside(sql: SqlStorage, reason: string, snapshot: unknown, log: unknown[]): void {
  const chunks = [...chunkKeys(sql)].map((key) => readChunk(sql, key));
  const record = exportQuarantined([quarantineRecord(reason, { snapshot, log, chunks }, new Date())])[0];
  const id = (sql.exec<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM quarantine_part').one()
    .id ?? 1) as number;
  parts(encoder.encode(JSON.stringify(record))).forEach((part, index) => {
    sql.exec('INSERT INTO quarantine_part (id, part, bytes) VALUES (?, ?, ?)', id, index, part);
  });
  sql.exec('DELETE FROM snapshot_part');
  sql.exec('DELETE FROM chunk_part');
  sql.exec('DELETE FROM log_part');
}

function readQuarantine(sql: SqlStorage): QuarantineRecord[] {
  const rows = sql.exec<{ key: number; bytes: ArrayBuffer }>(
    'SELECT id AS key, bytes FROM quarantine_part ORDER BY id, part',
  );
  return [...values(rows).values()].map((bytes) => parsed(bytes) as QuarantineRecord);
}

export interface SqlStoreOptions {
  /** Fold the log into a new snapshot after this many entries (default 100). */
  compactEvery?: number;
  /** How long a pause in the writes compaction waits for (default 200 ms). */
  compactIdleMs?: number;
}

/** The hosted store's report: the engine's, and what the last snapshot wrote. */
export interface SqlStoreReport extends StorageReport {
  /**
   * Of the last snapshot's ledger chunks, how many were encoded and hashed (the others kept the key
   * they were stored or parsed with) and how many were written (the others were stored already).
   */
  lastSnapshot?: { hashed: number; written: number };
}

export interface SqlStore extends DurableStore {
  readonly report: SqlStoreReport;
  /** Stops compacting: the object's storage is about to be deleted. */
  close(): void;
}

/**
 * Opens the store on the object's SQLite storage and restores the state. Never throws for stored
 * data it cannot read: that is set aside (`GET /_sandbank/storage/quarantine` exports it) and the
 * bank starts from its seed.
 */
export async function openSqlStore(
  storage: DurableObjectStorage,
  options: SqlStoreOptions = {},
): Promise<SqlStore> {
  const { sql } = storage;
  for (const statement of TABLES) sql.exec(statement);
  const readStarted = performance.now();
  const snapshot = readSnapshot(sql);
  const log = readLog(sql);
  const foldStarted = performance.now();
  // Every chunk is read and checked against its key here, before the first answer; each account's
  // ledger is parsed when first read, and `stored` learns its chunks' keys then (docs/hosted.md).
  const { outcome, stored } = await restoreLazily(snapshot, log, async (key) => readChunk(sql, key));
  const problem = outcome !== null && 'problem' in outcome ? outcome.problem : null;
  const restored = outcome !== null && 'state' in outcome ? outcome : null;
  if (problem !== null) {
    console.error(quarantineNotice(problem));
    storage.transactionSync(() => setAside(sql, problem, snapshot, log));
  }
  const quarantined = sql.exec<{ n: number }>('SELECT COUNT(DISTINCT id) AS n FROM quarantine_part').one().n;
  const verify = restored?.verifyMs ?? 0;
  const report: SqlStoreReport = {
    durable: true,
    restored: outcome === null ? 'fresh' : restored === null ? 'recovered' : 'snapshot',
    problem,
    snapshotSeq: restored?.snapshotSeq ?? 0,
    logEntries: restored === null ? 0 : log.length,
    chunks: restored?.chunks ?? 0,
    quarantined,
    restoreMs: { read: foldStarted - readStarted, verify, fold: performance.now() - foldStarted - verify },
  };

  let seq = restored?.seq ?? 0;
  let latest: { seq: number; state: State } | null =
    restored === null ? null : { seq, state: restored.state };
  let sinceSnapshot = report.logEntries;
  let outdated = restored !== null && restored.schema < STORAGE_SCHEMA;
  let closed = false;
  let present = chunkKeys(sql);

  /**
   * Writes `at` as the snapshot; the log entries it includes go in the same transaction, and `then`
   * (more rows of the same change) runs in it too.
   */
  const writeSnapshot = async (at: { seq: number; state: State }, then?: () => void) => {
    const { record, chunks } = await snapshotRecords(at, stored, Date.now());
    if (closed) return;
    const wanted = new Set(chunks.map((c) => c.key));
    let written = 0;
    storage.transactionSync(() => {
      sql.exec('DELETE FROM snapshot_part');
      parts(encoder.encode(JSON.stringify(record))).forEach((part, index) => {
        sql.exec('INSERT INTO snapshot_part (part, bytes) VALUES (?, ?)', index, part);
      });
      for (const { key, chunk, utf8 } of chunks) {
        if (present.has(key)) continue;
        writeChunk(sql, key, utf8 ?? chunkBytes(chunk));
        written++;
      }
      for (const key of present) if (!wanted.has(key)) sql.exec('DELETE FROM chunk_part WHERE key = ?', key);
      sql.exec('DELETE FROM log_part WHERE seq <= ?', at.seq);
      then?.();
    });
    present = wanted;
    for (const { chunk, key } of chunks) stored.set(chunk, key);
    report.snapshotSeq = at.seq;
    report.chunks = wanted.size;
    report.lastSnapshot = { hashed: chunks.filter((c) => c.utf8 !== undefined).length, written };
  };
  /**
   * A fresh start's first state, not stored yet: the bank makes it again from its seed and seed time
   * on a restart, so it is written only with the first change (in that change's transaction).
   */
  let unstoredBase: { seq: number; state: State } | null = null;

  const compaction = compactionScheduler({
    policy: { every: options.compactEvery ?? 100, idleMs: options.compactIdleMs ?? 200, burstFactor: 10 },
    async write() {
      const at = latest;
      if (closed || at === null || (at.seq === report.snapshotSeq && !outdated)) return 0;
      const folded = sinceSnapshot;
      await writeSnapshot(at);
      outdated = false;
      sinceSnapshot -= folded;
      report.logEntries = Math.max(0, report.logEntries - folded);
      return sinceSnapshot;
    },
  });
  if (latest !== null) compaction.logged(sinceSnapshot, (restored?.replaced ?? false) || outdated);

  return {
    report,
    restored: restored?.state ?? null,
    lastSeq: seq,
    async begin(state) {
      latest = { seq, state };
      unstoredBase = latest;
    },
    async append(patches, state) {
      const next = seq + 1;
      const bytes = encoder.encode(JSON.stringify(patches));
      const writeLog = () => {
        parts(bytes).forEach((part, index) => {
          sql.exec('INSERT INTO log_part (seq, part, bytes) VALUES (?, ?, ?)', next, index, part);
        });
      };
      // One transaction: a change stored in several parts (with the fresh start's first state before
      // the first) is stored whole or not at all. The object's output gate holds the response until
      // SQLite has it.
      if (unstoredBase === null) storage.transactionSync(writeLog);
      else {
        await writeSnapshot(unstoredBase, writeLog);
        unstoredBase = null;
      }
      seq = next;
      sinceSnapshot++;
      report.logEntries++;
      latest = { seq, state };
      compaction.logged(sinceSnapshot, replacesSlice(patches));
      return next;
    },
    async compact() {
      await compaction.compactNow();
    },
    async quarantined() {
      return readQuarantine(sql);
    },
    async clearQuarantine() {
      sql.exec('DELETE FROM quarantine_part');
      report.quarantined = 0;
    },
    close() {
      closed = true;
    },
  };
}
