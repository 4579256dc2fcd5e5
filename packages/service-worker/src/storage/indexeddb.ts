import type {
  ChunkRecord,
  LogRecord,
  QuarantineRecord,
  SnapshotChunk,
  SnapshotRecord,
} from '@sandbank/engine/storage';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// The records in IndexedDB (docs/decisions/durable-state.md, "Layout"): one function per
// transaction, over a connection that reopens after another context closed it.

const DATABASE_VERSION = 2;
export const DATABASE_NAME = 'sandbank';
const SNAPSHOT_KEY = 'current';

interface SandbankDB extends DBSchema {
  snapshot: { key: string; value: SnapshotRecord };
  chunks: { key: string; value: ChunkRecord };
  log: { key: number; value: LogRecord };
  quarantine: { key: number; value: QuarantineRecord };
}

export interface Database {
  /** The open connection, which may have been closed by another context (see `closed`). */
  readonly current: IDBPDatabase<SandbankDB>;
  /** Set when another context deletes or upgrades the database: this connection closed so that can proceed. */
  readonly closed: boolean;
  /** The connection, opened again if it was closed. */
  connection(): Promise<IDBPDatabase<SandbankDB>>;
}

/** Opens the database, creating its stores; rejects when IndexedDB cannot open it. */
export async function openDatabase(name: string): Promise<Database> {
  let closed = false;
  const open = () =>
    openDB<SandbankDB>(name, DATABASE_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains('snapshot')) database.createObjectStore('snapshot');
        if (!database.objectStoreNames.contains('chunks'))
          database.createObjectStore('chunks', { keyPath: 'key' });
        if (!database.objectStoreNames.contains('log')) database.createObjectStore('log', { keyPath: 'seq' });
        if (!database.objectStoreNames.contains('quarantine')) {
          database.createObjectStore('quarantine', { keyPath: 'id', autoIncrement: true });
        }
      },
      blocking() {
        closed = true;
        db.close();
      },
      terminated() {
        closed = true;
      },
    });
  let db = await open();
  return {
    get current() {
      return db;
    },
    get closed() {
      return closed;
    },
    async connection() {
      if (closed) {
        db = await open();
        closed = false;
      }
      return db;
    },
  };
}

/** The chunk keys a snapshot record's ledger index names, read without trusting its shape. */
function chunkKeysOf(snapshot: unknown): string[] {
  const ledgers = (snapshot as { ledgers?: unknown } | null | undefined)?.ledgers;
  if (ledgers === null || typeof ledgers !== 'object') return [];
  return Object.values(ledgers).flatMap((keys: unknown) =>
    Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [],
  );
}

/** The stored records, as `readRecords` reads them. */
export type StoredRecords = Awaited<ReturnType<typeof readRecords>>;

/**
 * The stored records, read in one transaction: the snapshot record, the log and the number of
 * quarantined records. Every chunk the snapshot names is asked for in that same transaction as soon
 * as the snapshot is read, so IndexedDB delivers them while the rest is read and the engine starts;
 * `load` gives a chunk's request (made then, or when first asked for), so each can be checked as it arrives.
 */
export async function readRecords(db: IDBPDatabase<SandbankDB>) {
  const read = db.transaction(['snapshot', 'chunks', 'log', 'quarantine'], 'readonly');
  const chunkStore = read.objectStore('chunks');
  const requested = new Map<string, Promise<unknown>>();
  const load = (key: string) => {
    let request = requested.get(key);
    if (request === undefined) {
      request = chunkStore.get(key);
      requested.set(key, request);
    }
    return request;
  };
  const [snapshot, log, quarantined] = await Promise.all([
    (read.objectStore('snapshot').get(SNAPSHOT_KEY) as Promise<unknown>).then((snapshot) => {
      // Whoever restores awaits these (and sees a failure); until then one is not unhandled.
      for (const key of chunkKeysOf(snapshot)) load(key).catch(() => undefined);
      return snapshot;
    }),
    read.objectStore('log').getAll() as Promise<unknown[]>,
    read.objectStore('quarantine').count(),
  ]);
  return { snapshot, log, quarantined, load, done: read.done };
}

/** The database opened and its records read, begun before the rest of the worker's code is evaluated. */
export interface BegunRead {
  name: string;
  database: Promise<Database>;
  records: Promise<StoredRecords>;
}

/** Opens the database and reads its records (`readRecords`): what a woken worker's restore starts with. */
export function beginRead(name: string): BegunRead {
  const database = openDatabase(name);
  const records = database.then((opened) => readRecords(opened.current));
  // Whoever awaits these handles their failure; until then it is not an unhandled rejection.
  records.catch(() => undefined);
  return { name, database, records };
}

/**
 * Moves every stored record, unchanged, into `quarantine` (`keep` makes its record from them) and
 * clears the other stores, in one transaction.
 */
export async function setAside(
  db: IDBPDatabase<SandbankDB>,
  keep: (chunks: ChunkRecord[]) => QuarantineRecord,
): Promise<void> {
  const tx = db.transaction(['snapshot', 'chunks', 'log', 'quarantine'], 'readwrite');
  const chunks = await tx.objectStore('chunks').getAll();
  await tx.objectStore('quarantine').add(keep(chunks));
  await tx.objectStore('snapshot').clear();
  await tx.objectStore('chunks').clear();
  await tx.objectStore('log').clear();
  await tx.done;
}

/**
 * Writes a snapshot in one transaction: the record, the chunks the database lacks (all of them after
 * the database was deleted under this worker; a chunk without its bytes gets `bytesOf` it, the
 * engine's `chunkBytes`), the removal of the previous snapshot's chunks this one no longer has, and
 * the removal of the log entries it includes. Returns how many chunks it has.
 */
export async function putSnapshot(
  db: IDBPDatabase<SandbankDB>,
  record: SnapshotRecord,
  chunks: SnapshotChunk[],
  bytesOf: (chunk: SnapshotChunk['chunk']) => Uint8Array,
): Promise<number> {
  const keep = new Set(Object.values(record.ledgers ?? {}).flat());
  const tx = db.transaction(['snapshot', 'chunks', 'log'], 'readwrite');
  const snapshots = tx.objectStore('snapshot');
  const chunkStore = tx.objectStore('chunks');
  const [previous, present] = await Promise.all([snapshots.get(SNAPSHOT_KEY), chunkStore.getAllKeys()]);
  const inStore = new Set(present);
  for (const { chunk, key, utf8 } of chunks) {
    if (inStore.has(key)) continue;
    inStore.add(key);
    void chunkStore.put({ key, utf8: utf8 ?? bytesOf(chunk) });
  }
  for (const key of new Set(Object.values(previous?.ledgers ?? {}).flat())) {
    if (!keep.has(key)) void chunkStore.delete(key);
  }
  void snapshots.put(record, SNAPSHOT_KEY);
  void tx.objectStore('log').delete(IDBKeyRange.upperBound(record.seq));
  await tx.done;
  return keep.size;
}

/** Appends one log record; rejects with a ConstraintError when its number is taken. */
export async function appendLog(db: IDBPDatabase<SandbankDB>, entry: LogRecord): Promise<void> {
  const tx = db.transaction('log', 'readwrite');
  await tx.store.add(entry);
  await tx.done;
}

/** The highest change number stored, in the snapshot or the log. */
export async function newestSeq(db: IDBPDatabase<SandbankDB>): Promise<number> {
  const tx = db.transaction(['snapshot', 'log'], 'readonly');
  const [snapshot, cursor] = await Promise.all([
    tx.objectStore('snapshot').get(SNAPSHOT_KEY),
    tx.objectStore('log').openCursor(null, 'prev'),
  ]);
  await tx.done;
  return Math.max(snapshot?.seq ?? 0, cursor?.value.seq ?? 0);
}

export async function readQuarantine(db: IDBPDatabase<SandbankDB>): Promise<QuarantineRecord[]> {
  return db.getAll('quarantine');
}

export async function clearQuarantine(db: IDBPDatabase<SandbankDB>): Promise<void> {
  await db.clear('quarantine');
}
