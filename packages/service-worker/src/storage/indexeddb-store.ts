import type { State } from '@sandbank/engine';
import {
  chunkBytes,
  compactionScheduler,
  type DurableStore,
  exportQuarantined,
  quarantineNotice,
  quarantineRecord,
  replacesSlice,
  restoreLazily,
  STORAGE_SCHEMA,
  type StorageReport,
  type StoreOptions,
  snapshotRecords,
} from '@sandbank/engine/storage';
import {
  appendLog,
  type BegunRead,
  clearQuarantine,
  DATABASE_NAME,
  type Database,
  newestSeq,
  openDatabase,
  putSnapshot,
  readQuarantine,
  readRecords,
  type StoredRecords,
  setAside,
} from './indexeddb.js';
import { memoryOnly } from './memory-store.js';

/** Compaction waits by default for this long a pause in the writes… */
const COMPACT_IDLE_MS = 200;
/** …unless the log has grown to this many times `compactEvery`. */
const COMPACT_BURST_FACTOR = 10;

/**
 * Opens the durable store and restores the state: snapshot plus the log of immer patches after it.
 * Never throws: unreadable or incompatible data is moved to the `quarantine` store and the sandbox
 * starts from its seed; an unusable IndexedDB gives a memory-only store. `begun`: the database's
 * opening and reading, already started (`beginRead`), used where it is for the same database.
 */
export async function openStore(options: StoreOptions = {}, begun?: BegunRead | null): Promise<DurableStore> {
  try {
    return await restoreStore(options, begun ?? null);
  } catch (error) {
    return memoryOnly(
      `the stored state could not be read or set aside (${String(error)}); the state lives in memory only`,
    );
  }
}

/** The stored state restored, or the stored records quarantined when they cannot be. */
async function restoreFrom(database: Database, records: Promise<StoredRecords> | null) {
  const readStarted = performance.now();
  const read = await (records ?? readRecords(database.current));
  const foldStarted = performance.now();
  // Ledgers are parsed when first read, so a request that needs none (or one account's) parses none
  // (or that one); `stored` learns each parsed chunk's key, so a compaction writes only chunks not in it.
  const { outcome, stored } = await restoreLazily(read.snapshot, read.log, read.load);
  const problem = outcome !== null && 'problem' in outcome ? outcome.problem : null;
  const restored = outcome !== null && 'state' in outcome ? outcome : null;
  if (problem !== null) {
    console.error(quarantineNotice(problem));
    await read.done.catch(() => undefined);
    await setAside(database.current, (chunks) =>
      quarantineRecord(problem, { snapshot: read.snapshot, log: read.log, chunks }, new Date()),
    );
  }
  const verify = restored?.verifyMs ?? 0;
  const report: StorageReport = {
    durable: true,
    restored: outcome === null ? 'fresh' : restored === null ? 'recovered' : 'snapshot',
    problem,
    snapshotSeq: restored?.snapshotSeq ?? 0,
    logEntries: restored === null ? 0 : read.log.length,
    chunks: restored?.chunks ?? 0,
    quarantined: read.quarantined + (problem === null ? 0 : 1),
    restoreMs: { read: foldStarted - readStarted, verify, fold: performance.now() - foldStarted - verify },
  };
  return { report, restored, stored };
}

async function restoreStore(options: StoreOptions, begun: BegunRead | null): Promise<DurableStore> {
  const compactEvery = options.compactEvery ?? 100;
  const name = options.databaseName ?? DATABASE_NAME;
  const early = begun?.name === name ? begun : null;
  let database: Database;
  try {
    database = await (early?.database ?? openDatabase(name));
  } catch (error) {
    return memoryOnly(
      `IndexedDB database "${name}" cannot be opened (${(error as Error).message}); the state lives in memory only and is lost when the browser stops the worker`,
    );
  }
  const { report, restored, stored } = await restoreFrom(database, early?.records ?? null);

  let seq = restored?.seq ?? 0;
  let latest: { seq: number; state: State } | null = null;
  let sinceSnapshot = report.logEntries;
  // Set while the stored records are in an earlier layout's form: rewritten at the first pause.
  let outdated = restored !== null && restored.schema < STORAGE_SCHEMA;

  /** Writes `at` as the snapshot, with its log entries removed in the same transaction. */
  const writeSnapshot = async (at: { seq: number; state: State }) => {
    const { record, chunks } = await snapshotRecords(at, stored, Date.now());
    report.chunks = await putSnapshot(await database.connection(), record, chunks, chunkBytes);
    for (const { chunk, key } of chunks) stored.set(chunk, key);
    report.snapshotSeq = at.seq;
  };

  // Compaction is off the request path: a timer after the response, in its own transaction; the
  // log entries it folds in are deleted in the same transaction as the snapshot is written.
  const compaction = compactionScheduler({
    policy: {
      every: compactEvery,
      idleMs: options.compactIdleMs ?? COMPACT_IDLE_MS,
      burstFactor: COMPACT_BURST_FACTOR,
    },
    async write() {
      const at = latest;
      // Nothing to fold: the snapshot holds the latest state.
      if (at === null || (at.seq === report.snapshotSeq && !outdated)) return 0;
      const folded = sinceSnapshot;
      try {
        await writeSnapshot(at);
        outdated = false;
        sinceSnapshot -= folded;
        report.logEntries = Math.max(0, report.logEntries - folded);
      } catch (error) {
        console.error('[sandbank] compacting the stored state failed', error);
      }
      return sinceSnapshot;
    },
  });

  /** Stores the whole state as change `next`, the log folded into it. */
  const replaceAll = async (next: number, state: State) => {
    await writeSnapshot({ seq: next, state });
    sinceSnapshot = 0;
    report.logEntries = 0;
  };

  // A long log, or one holding a replaced slice, would be read again at every restart until the next
  // write compacts it: fold it in at the first pause.
  if (restored !== null) {
    latest = { seq, state: restored.state };
    compaction.logged(sinceSnapshot, restored.replaced || outdated);
  }

  return {
    report,
    restored: restored?.state ?? null,
    lastSeq: seq,
    async begin(state) {
      latest = { seq, state };
      await writeSnapshot(latest);
    },
    async append(patches, state) {
      const next = seq + 1;
      if (database.closed) {
        // The database may be gone (site data cleared) or emptied: store the whole state once.
        await database.connection();
        await replaceAll(next, state);
        console.warn('[sandbank] the IndexedDB database was closed by another context; reopened it');
      } else {
        try {
          await appendLog(database.current, { seq: next, patches });
          sinceSnapshot++;
          report.logEntries++;
        } catch (error) {
          if ((error as DOMException | null)?.name !== 'ConstraintError') throw error;
          // Another worker instance (an update taking over) wrote this number: continue after the
          // newest stored record with a whole snapshot, so the log stays gap-free and restorable.
          const after = await newestSeq(await database.connection());
          console.error(
            `[sandbank] another worker instance wrote change ${next}; storing this worker's state as change ${after + 1}`,
          );
          await replaceAll(after + 1, state);
          seq = after + 1;
          latest = { seq, state };
          return seq;
        }
      }
      seq = next;
      latest = { seq, state };
      compaction.logged(sinceSnapshot, replacesSlice(patches));
      return next;
    },
    async compact() {
      await compaction.compactNow();
    },
    async quarantined() {
      return exportQuarantined(await readQuarantine(await database.connection()));
    },
    async clearQuarantine() {
      await clearQuarantine(await database.connection());
      report.quarantined = 0;
    },
  };
}
