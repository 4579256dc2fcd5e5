import { STATE_VERSION, type State, StateSchema } from '@sandbank/engine';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { applyPatches, enablePatches, type Patch } from 'immer';

enablePatches();

/** Version of the records' layout; a newer one was written by a newer Sandbank and is not read. */
export const STORAGE_SCHEMA = 1;
const DATABASE_VERSION = 1;
export const DATABASE_NAME = 'sandbank';

export interface SnapshotRecord {
  schema: number;
  stateVersion: number;
  /** The log sequence number this state includes (entries up to it are folded in). */
  seq: number;
  savedAt: number;
  state: State;
}

export interface LogRecord {
  seq: number;
  patches: Patch[];
}

export interface QuarantineRecord {
  id?: number;
  at: string;
  reason: string;
  snapshot: unknown;
  log: unknown[];
}

interface SandbankDB extends DBSchema {
  snapshot: { key: string; value: SnapshotRecord };
  log: { key: number; value: LogRecord };
  quarantine: { key: number; value: QuarantineRecord };
}

/** What the restore found, served at `GET /_sandbank/storage`. */
export interface StorageReport {
  durable: boolean;
  restored: 'snapshot' | 'fresh' | 'recovered';
  problem: string | null;
  snapshotSeq: number;
  logEntries: number;
  quarantined: number;
  /** How long the restore took, in ms: reading IndexedDB, and folding the log in plus validating. */
  restoreMs: { read: number; fold: number };
}

const SNAPSHOT_KEY = 'current';
/** Compaction waits for this long a pause in the writes… */
const COMPACT_IDLE_MS = 200;
/** …unless the log has grown to this many times `compactEvery`. */
const COMPACT_BURST_FACTOR = 10;

class StoredStateError extends Error {}

/**
 * Top-level replacements (PUT /_sandbank/state sets every slice) are taken as they are: the record
 * was just read from IndexedDB and nothing else holds it, while applyPatches would deep-copy each
 * value first, all of a big state's transactions included. The rest goes through immer, in order.
 */
function applyLogEntry(state: State, patches: Patch[]): State {
  let current = state;
  let pending: Patch[] = [];
  const flush = () => {
    if (pending.length > 0) current = applyPatches(current, pending);
    pending = [];
  };
  for (const patch of patches) {
    if (patch.op === 'remove' || patch.path.length > 1) {
      pending.push(patch);
      continue;
    }
    flush();
    const [key] = patch.path;
    current = key === undefined ? (patch.value as State) : ({ ...current, [key]: patch.value } as State);
  }
  flush();
  return current;
}

function fold(snapshot: unknown, log: unknown[]): { state: State; seq: number; snapshotSeq: number } {
  const record = snapshot as Partial<SnapshotRecord> | undefined;
  if (record === undefined || record === null || typeof record !== 'object') {
    throw new StoredStateError('the snapshot record is missing or not an object');
  }
  if (typeof record.schema !== 'number' || record.schema > STORAGE_SCHEMA) {
    throw new StoredStateError(
      `the stored records have layout ${String(record.schema)}; this worker reads layout ${STORAGE_SCHEMA} (written by a newer Sandbank?)`,
    );
  }
  if (record.stateVersion !== STATE_VERSION) {
    throw new StoredStateError(
      `the stored state has version ${String(record.stateVersion)}; this worker understands version ${STATE_VERSION}`,
    );
  }
  if (typeof record.seq !== 'number') throw new StoredStateError('the snapshot has no sequence number');
  let seq = record.seq;
  let state = record.state as State;
  for (const entry of log as Array<Partial<LogRecord>>) {
    if (entry?.seq !== seq + 1 || !Array.isArray(entry.patches)) {
      throw new StoredStateError(
        `the change log is broken after entry ${seq} (found ${JSON.stringify(entry?.seq ?? null)})`,
      );
    }
    try {
      state = applyLogEntry(state, entry.patches);
    } catch (error) {
      throw new StoredStateError(`change ${entry.seq} does not apply: ${(error as Error).message}`);
    }
    seq = entry.seq;
  }
  const parsed = StateSchema.safeParse(state);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoredStateError(
      `the restored state is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unknown problem'}`,
    );
  }
  // The validated object itself, not zod's copy: that one reorders keys, and responses must stay
  // byte-identical to those of a worker that never restarted.
  return { state, seq, snapshotSeq: record.seq };
}

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
  /** Every quarantined record, for export. */
  quarantined(): Promise<QuarantineRecord[]>;
  clearQuarantine(): Promise<void>;
}

export interface StoreOptions {
  /** Fold the log into a new snapshot after this many entries (default 100). */
  compactEvery?: number;
  databaseName?: string;
}

/** A store that keeps nothing: used when IndexedDB cannot be opened. */
function memoryStore(report: StorageReport): DurableStore {
  let memorySeq = 0;
  return {
    report,
    restored: null,
    lastSeq: 0,
    begin: async () => undefined,
    append: async () => {
      memorySeq++;
      return memorySeq;
    },
    quarantined: async () => [],
    clearQuarantine: async () => undefined,
  };
}

/** A memory-only store, reported as not durable with the reason (logged). */
export function memoryOnly(problem: string): DurableStore {
  console.error(`[sandbank] ${problem}`);
  return memoryStore({
    durable: false,
    restored: 'fresh',
    problem,
    snapshotSeq: 0,
    logEntries: 0,
    quarantined: 0,
    restoreMs: { read: 0, fold: 0 },
  });
}

/**
 * Opens the durable store and restores the state: snapshot plus the log of immer patches after it.
 * Never throws: unreadable or incompatible data is moved to the `quarantine` store and the sandbox
 * starts from its seed; an unusable IndexedDB gives a memory-only store.
 */
export async function openStore(options: StoreOptions = {}): Promise<DurableStore> {
  try {
    return await restoreStore(options);
  } catch (error) {
    return memoryOnly(
      `the stored state could not be read or set aside (${String(error)}); the state lives in memory only`,
    );
  }
}

async function restoreStore(options: StoreOptions): Promise<DurableStore> {
  const compactEvery = options.compactEvery ?? 100;
  const name = options.databaseName ?? DATABASE_NAME;
  // Set when another context deletes or upgrades the database: this connection closes so that can
  // proceed, and the next write opens a new one.
  let closed = false;
  const open = () =>
    openDB<SandbankDB>(name, DATABASE_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains('snapshot')) database.createObjectStore('snapshot');
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
  let db: IDBPDatabase<SandbankDB>;
  try {
    db = await open();
  } catch (error) {
    return memoryOnly(
      `IndexedDB database "${name}" cannot be opened (${(error as Error).message}); the state lives in memory only and is lost when the browser stops the worker`,
    );
  }

  const readStarted = performance.now();
  const read = db.transaction(['snapshot', 'log', 'quarantine'], 'readonly');
  const [rawSnapshot, rawLog, quarantinedCount] = await Promise.all([
    read.objectStore('snapshot').get(SNAPSHOT_KEY) as Promise<unknown>,
    read.objectStore('log').getAll() as Promise<unknown[]>,
    read.objectStore('quarantine').count(),
  ]);
  await read.done;
  const foldStarted = performance.now();

  let restored: State | null = null;
  let seq = 0;
  let snapshotSeq = 0;
  let problem: string | null = null;
  let quarantined = quarantinedCount;
  let how: StorageReport['restored'] = 'fresh';
  if (rawSnapshot !== undefined || rawLog.length > 0) {
    try {
      const folded = fold(rawSnapshot, rawLog);
      restored = folded.state;
      seq = folded.seq;
      snapshotSeq = folded.snapshotSeq;
      how = 'snapshot';
    } catch (error) {
      problem = error instanceof StoredStateError ? error.message : `unreadable: ${String(error)}`;
      console.error(
        `[sandbank] the stored sandbox state cannot be restored: ${problem}. It was kept aside ` +
          '(GET /_sandbank/storage/quarantine exports it) and the sandbox starts again from its seed.',
      );
      const tx = db.transaction(['snapshot', 'log', 'quarantine'], 'readwrite');
      await tx.objectStore('quarantine').add({
        at: new Date().toISOString(),
        reason: problem,
        snapshot: rawSnapshot,
        log: rawLog,
      });
      await tx.objectStore('snapshot').clear();
      await tx.objectStore('log').clear();
      await tx.done;
      quarantined++;
      how = 'recovered';
    }
  }

  const report: StorageReport = {
    durable: true,
    restored: how,
    problem,
    snapshotSeq,
    logEntries: restored === null ? 0 : rawLog.length,
    quarantined,
    restoreMs: { read: foldStarted - readStarted, fold: performance.now() - foldStarted },
  };
  let latest: { seq: number; state: State } | null = null;
  let sinceSnapshot = report.logEntries;
  let compaction: ReturnType<typeof setTimeout> | null = null;

  const connection = async () => {
    if (closed) {
      db = await open();
      closed = false;
    }
    return db;
  };

  const writeSnapshot = async (at: { seq: number; state: State }) => {
    const tx = (await connection()).transaction(['snapshot', 'log'], 'readwrite');
    const record: SnapshotRecord = {
      schema: STORAGE_SCHEMA,
      stateVersion: STATE_VERSION,
      seq: at.seq,
      savedAt: Date.now(),
      state: at.state,
    };
    await tx.objectStore('snapshot').put(record, SNAPSHOT_KEY);
    await tx.objectStore('log').delete(IDBKeyRange.upperBound(at.seq));
    await tx.done;
    report.snapshotSeq = at.seq;
  };

  /** The highest change number stored, in the snapshot or the log. */
  const newestSeq = async () => {
    const database = await connection();
    const tx = database.transaction(['snapshot', 'log'], 'readonly');
    const [snapshot, cursor] = await Promise.all([
      tx.objectStore('snapshot').get(SNAPSHOT_KEY),
      tx.objectStore('log').openCursor(null, 'prev'),
    ]);
    await tx.done;
    return Math.max(snapshot?.seq ?? 0, cursor?.value.seq ?? 0);
  };

  // Compaction is off the request path: a timer after the response, in its own transaction; the
  // log entries it folds in are deleted in the same transaction as the snapshot is written. Writing
  // the whole state takes the worker's thread for hundreds of ms with 100 000 transactions, so it
  // waits for a pause in the writes; a log that keeps growing through a long burst is folded anyway.
  let compacting = false;
  const scheduleCompaction = () => {
    if (compacting) return;
    if (compaction !== null) clearTimeout(compaction);
    const delay = sinceSnapshot >= compactEvery * COMPACT_BURST_FACTOR ? 0 : COMPACT_IDLE_MS;
    compaction = setTimeout(() => {
      compaction = null;
      const at = latest;
      if (at === null) return;
      const folded = sinceSnapshot;
      compacting = true;
      writeSnapshot(at)
        .then(
          () => {
            sinceSnapshot -= folded;
            report.logEntries = Math.max(0, report.logEntries - folded);
          },
          (error: unknown) => console.error('[sandbank] compacting the stored state failed', error),
        )
        .finally(() => {
          compacting = false;
          if (sinceSnapshot >= compactEvery) scheduleCompaction();
        });
    }, delay);
  };

  return {
    report,
    restored,
    lastSeq: seq,
    async begin(state) {
      latest = { seq, state };
      await writeSnapshot(latest);
    },
    async append(patches, state) {
      const next = seq + 1;
      if (closed) {
        // The database may be gone (site data cleared) or emptied: store the whole state once.
        await connection();
        await writeSnapshot({ seq: next, state });
        sinceSnapshot = 0;
        report.logEntries = 0;
        console.warn('[sandbank] the IndexedDB database was closed by another context; reopened it');
      } else {
        try {
          const tx = db.transaction('log', 'readwrite');
          await tx.store.add({ seq: next, patches });
          await tx.done;
          sinceSnapshot++;
          report.logEntries++;
        } catch (error) {
          if ((error as DOMException | null)?.name !== 'ConstraintError') throw error;
          // Another worker instance (an update taking over) wrote this number: continue after the
          // newest stored record with a whole snapshot, so the log stays gap-free and restorable.
          const after = await newestSeq();
          console.error(
            `[sandbank] another worker instance wrote change ${next}; storing this worker's state as change ${after + 1}`,
          );
          await writeSnapshot({ seq: after + 1, state });
          sinceSnapshot = 0;
          report.logEntries = 0;
          seq = after + 1;
          latest = { seq, state };
          return seq;
        }
      }
      seq = next;
      latest = { seq, state };
      if (sinceSnapshot >= compactEvery) scheduleCompaction();
      return next;
    },
    async quarantined() {
      return (await connection()).getAll('quarantine');
    },
    async clearQuarantine() {
      await (await connection()).clear('quarantine');
      report.quarantined = 0;
    },
  };
}
