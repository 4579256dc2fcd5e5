import {
  LedgerChunkSchema,
  STATE_VERSION,
  type State,
  StateSchema,
  type Transaction,
} from '@sandbank/engine';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { applyPatches, enablePatches, type Patch } from 'immer';

enablePatches();

/**
 * Version of the records' layout; a newer one was written by a newer Sandbank and is not read.
 * 1: the whole state in the snapshot record. 2: the state without its ledgers in the snapshot
 * record, each ledger chunk a record of its own (`chunks`), keyed by its checksum, as JSON text.
 * 3: the same, each chunk's text as UTF-8 bytes and with the values its rows share written once.
 */
export const STORAGE_SCHEMA = 3;
const DATABASE_VERSION = 2;
export const DATABASE_NAME = 'sandbank';

export interface SnapshotRecord {
  schema: number;
  stateVersion: number;
  /** The log sequence number this state includes (entries up to it are folded in). */
  seq: number;
  savedAt: number;
  /** The state; from layout 2 on with every ledger empty, its chunks being in the `chunks` store. */
  state: State;
  /** From layout 2 on: each account's ledger, as the keys of its chunks in order. */
  ledgers?: Record<string, string[]>;
}

/**
 * One ledger chunk (at most 1 024 transactions) as text (see chunkText), keyed by the SHA-256 of that
 * text's UTF-8. Layout 3 stores the UTF-8 bytes (`utf8`), which WebCrypto hashes as they are read;
 * layout 2 stored the string (`json`), which had to be encoded first.
 * A compaction writes only the chunks that changed since the last one (most never do: new
 * transactions land in the last chunk), and a restore checks every chunk against its key.
 */
export interface ChunkRecord {
  key: string;
  utf8?: Uint8Array;
  json?: string;
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
  /** From layout 2 on: the ledger chunks as they were stored (exported with their text as `json`). */
  chunks?: unknown[];
}

interface SandbankDB extends DBSchema {
  snapshot: { key: string; value: SnapshotRecord };
  chunks: { key: string; value: ChunkRecord };
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
  /** Ledger chunks in the snapshot. */
  chunks: number;
  quarantined: number;
  /**
   * How long the restore took, in ms: reading the snapshot record and the log; reading, checking
   * and parsing the ledger chunks (each checked as it arrives); folding the log in and validating
   * what the checksums do not cover.
   */
  restoreMs: { read: number; verify: number; fold: number };
}

const SNAPSHOT_KEY = 'current';
/** Compaction waits by default for this long a pause in the writes… */
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Reused for every digest: WebCrypto copies its input when called, and a chunk is at most ~1 MB of UTF-8. */
let scratch = new Uint8Array(1 << 20);

/** SHA-256 of a text's UTF-8, in hex. */
function sha256(text: string): Promise<string> {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return sha256Bytes(scratch.subarray(0, written));
}

/** SHA-256 of bytes, in hex. */
async function sha256Bytes(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

const short = (key: string) => key.slice(0, 12);

/**
 * Object.freeze all the way down, as the engine needs its state (immer's `freeze` does the same at
 * several times the cost on 100 000 transactions).
 */
function freezeAll(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) freezeAll(item);
  else for (const key in value) freezeAll((value as Record<string, unknown>)[key]);
}

const isPrimitive = (value: unknown) =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * A chunk's stored text: its transactions as rows of values under a table of their key lists, so a
 * key is written once per chunk rather than once per transaction, and with each list of keys the
 * values every row of it shares (a ledger's account id, currency, usually its status), so those are
 * written once too. The text is about a third of plain JSON, which is what a restore reads, hashes
 * and parses:
 * `{"shapes":[["transactionId","accountId",…],…],"fixed":[{"1":"enc!!…","2":"booked",…},…],"rows":[[0,"enc!!…",…],…]}`.
 * Only strings, numbers, booleans and null are shared; keys whose value is undefined are left out,
 * as JSON.stringify would. Layout 2 wrote the same without `fixed`, which parseChunk still reads.
 */
export function chunkText(chunk: readonly Transaction[]): string {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const values: unknown[][] = [];
  const shapeOf: number[] = [];
  for (const transaction of chunk) {
    const record = transaction as unknown as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const id = JSON.stringify(keys);
    let shape = shapeIndex.get(id);
    if (shape === undefined) {
      shape = shapes.length;
      shapes.push(keys);
      shapeIndex.set(id, shape);
    }
    shapeOf.push(shape);
    values.push(keys.map((key) => record[key]));
  }
  // For each shape, the values that are the same primitive in every row of it, by key index.
  const fixed = shapes.map(() => ({}) as Record<number, unknown>);
  const differs = shapes.map((keys) => new Array<boolean>(keys.length).fill(false));
  const seen = new Set<number>();
  values.forEach((row, r) => {
    const shape = shapeOf[r] as number;
    const shared = fixed[shape] as Record<number, unknown>;
    const varying = differs[shape] as boolean[];
    row.forEach((value, i) => {
      if (varying[i]) return;
      if (!isPrimitive(value) || (seen.has(shape) && shared[i] !== value)) {
        varying[i] = true;
        delete shared[i];
      } else shared[i] = value;
    });
    seen.add(shape);
  });
  const rows = values.map((row, r) => {
    const shape = shapeOf[r] as number;
    const shared = fixed[shape] as Record<number, unknown>;
    const out: unknown[] = [shape];
    row.forEach((value, i) => {
      if (!(i in shared)) out.push(value);
    });
    return out;
  });
  return JSON.stringify({ shapes, fixed, rows });
}

/** How to rebuild the rows of one shape: its keys, and for each the shared value or a slot of the row. */
interface ShapePlan {
  keys: string[];
  shared: boolean[];
  values: unknown[];
  /** A row's length: the shape's number and its values that are not shared. */
  width: number;
}

function shapePlans(shapes: unknown, fixed: unknown): ShapePlan[] | null {
  if (!Array.isArray(shapes)) return null;
  if (fixed !== undefined && (!Array.isArray(fixed) || fixed.length !== shapes.length)) return null;
  const plans: ShapePlan[] = [];
  for (let s = 0; s < shapes.length; s++) {
    const keys = shapes[s] as unknown;
    if (!Array.isArray(keys) || !keys.every((key) => typeof key === 'string')) return null;
    const plan: ShapePlan = {
      keys,
      shared: new Array<boolean>(keys.length).fill(false),
      values: new Array<unknown>(keys.length),
      width: keys.length + 1,
    };
    const entries = fixed === undefined ? {} : (fixed[s] as unknown);
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) return null;
    for (const [index, value] of Object.entries(entries)) {
      const i = Number(index);
      if (!Number.isInteger(i) || i < 0 || i >= keys.length || String(i) !== index) return null;
      if (!isPrimitive(value)) return null;
      plan.shared[i] = true;
      plan.values[i] = value;
      plan.width--;
    }
    plans.push(plan);
  }
  return plans;
}

/** The transactions of a chunk's text (chunkText), frozen; null when the text is not one. */
export function parseChunk(text: string): Transaction[] | null {
  let parsed: { shapes?: unknown; fixed?: unknown; rows?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return null;
  }
  const { shapes, fixed, rows } = parsed ?? {};
  const plans = shapePlans(shapes, fixed);
  if (plans === null || !Array.isArray(rows)) return null;
  const chunk: Transaction[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as unknown;
    const plan = Array.isArray(row) && typeof row[0] === 'number' ? plans[row[0]] : undefined;
    if (plan === undefined || (row as unknown[]).length !== plan.width) return null;
    const { keys, shared, values } = plan;
    const transaction: Record<string, unknown> = {};
    let slot = 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = shared[i] ? values[i] : (row as unknown[])[slot++];
      if (typeof value === 'object' && value !== null) freezeAll(value);
      // An own property, as JSON.parse would make it, never the prototype.
      if (key === '__proto__')
        Object.defineProperty(transaction, key, { value, enumerable: true, writable: true });
      else transaction[key] = value;
    }
    chunk[r] = Object.freeze(transaction) as unknown as Transaction;
  }
  return Object.freeze(chunk) as Transaction[];
}

/** A stored chunk record as it is exported: the bytes of layout 3 as their text, `json`. */
function exportedChunk(record: unknown): unknown {
  const { utf8, ...rest } = (record ?? {}) as Partial<ChunkRecord>;
  if (!ArrayBuffer.isView(utf8)) return record;
  return { ...rest, json: decoder.decode(utf8) };
}

/** A checked chunk; `current` when it is stored as this layout writes chunks (UTF-8 of chunkText's text). */
type ChunkCheck = { key: string; chunk: Transaction[]; current: boolean } | { key: string; problem: string };

/**
 * One chunk record: checked against its key (SHA-256 of its text's UTF-8, with WebCrypto, which hashes
 * off the worker's thread while it parses), parsed and frozen.
 */
async function checkChunk(key: string, record: unknown): Promise<ChunkCheck> {
  const { utf8, json } = (record ?? {}) as Partial<ChunkRecord>;
  let digest: Promise<string>;
  let text: string;
  const current = ArrayBuffer.isView(utf8);
  if (current) {
    digest = sha256Bytes(utf8 as Uint8Array);
    text = decoder.decode(utf8);
  } else if (typeof json === 'string') {
    digest = sha256(json);
    text = json;
  } else return { key, problem: 'is missing' };
  const chunk = parseChunk(text);
  if ((await digest) !== key) {
    return { key, problem: 'does not match its checksum (the record was changed or damaged)' };
  }
  if (chunk === null) return { key, problem: 'is not a chunk of transactions' };
  return { key, chunk, current };
}

/**
 * Layout 2's ledgers, each chunk loaded with `load` and checked as it arrives, while IndexedDB
 * reads the next ones. The chunks returned are exactly what a worker once wrote from a valid state,
 * so they need no validation again.
 */
async function restoreLedgers(
  index: unknown,
  load: (key: string) => Promise<unknown>,
): Promise<{
  transactions: Record<string, Transaction[][]>;
  /** Every checked chunk with its key. */
  verified: Map<object, string>;
  /** The chunks stored in this layout's form, with their keys: a compaction keeps these as they are. */
  current: Map<object, string>;
}> {
  if (index === null || typeof index !== 'object' || Array.isArray(index)) {
    throw new StoredStateError('the snapshot has no ledger index');
  }
  const ledgers = Object.entries(index as Record<string, unknown>);
  const keys = new Set<string>();
  for (const [account, chunkKeys] of ledgers) {
    if (!Array.isArray(chunkKeys) || chunkKeys.some((key) => typeof key !== 'string')) {
      throw new StoredStateError(`the ledger index of account ${account} is not a list of chunk keys`);
    }
    for (const key of chunkKeys as string[]) keys.add(key);
  }
  const checks = await Promise.all([...keys].map(async (key) => checkChunk(key, await load(key))));
  const parsed = new Map<string, Transaction[]>();
  const verified = new Map<object, string>();
  const current = new Map<object, string>();
  for (const check of checks) {
    if ('problem' in check) throw new StoredStateError(`ledger chunk ${short(check.key)} ${check.problem}`);
    parsed.set(check.key, check.chunk);
    verified.set(check.chunk, check.key);
    if (check.current) current.set(check.chunk, check.key);
  }
  const transactions: Record<string, Transaction[][]> = {};
  for (const [account, chunkKeys] of ledgers) {
    transactions[account] = (chunkKeys as string[]).map((key) => parsed.get(key) as Transaction[]);
  }
  return { transactions, verified, current };
}

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
 * stored it) with the transaction schema.
 */
function validate(state: State, verified: Map<object, string>): void {
  const { transactions, ...rest } = state;
  const head = StateSchema.safeParse({ ...rest, transactions: {} });
  if (!head.success) throw invalid(head.error.issues[0], []);
  if (transactions === null || typeof transactions !== 'object' || Array.isArray(transactions)) {
    throw new StoredStateError('the restored state is invalid at transactions: expected an object');
  }
  for (const [account, ledger] of Object.entries(transactions as Record<string, unknown>)) {
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

interface Restored {
  state: State;
  seq: number;
  snapshotSeq: number;
  /** The restored chunks that are stored as this layout writes them, with their keys. */
  stored: Map<object, string>;
  /** How many chunks were restored. */
  chunks: number;
  /** The layout the records were in. */
  schema: number;
  verifyMs: number;
}

async function fold(
  snapshot: unknown,
  log: unknown[],
  load: (key: string) => Promise<unknown>,
): Promise<Restored> {
  const started = performance.now();
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
  if (record.state === null || typeof record.state !== 'object') {
    throw new StoredStateError('the snapshot holds no state');
  }
  let seq = record.seq;
  let state = record.state as State;
  let verified = new Map<object, string>();
  let stored = new Map<object, string>();
  if (record.schema >= 2) {
    const ledgers = await restoreLedgers(record.ledgers, load);
    state = { ...state, transactions: ledgers.transactions };
    verified = ledgers.verified;
    stored = ledgers.current;
  }
  const verifyMs = performance.now() - started;
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
  validate(state, verified);
  // The validated object itself, not zod's copy: that one reorders keys, and responses must stay
  // byte-identical to those of a worker that never restarted.
  return {
    state,
    seq,
    snapshotSeq: record.seq,
    schema: record.schema,
    stored,
    chunks: verified.size,
    verifyMs,
  };
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
    compact: async () => undefined,
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
    chunks: 0,
    quarantined: 0,
    restoreMs: { read: 0, verify: 0, fold: 0 },
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
  const compactIdleMs = options.compactIdleMs ?? COMPACT_IDLE_MS;
  const name = options.databaseName ?? DATABASE_NAME;
  // Set when another context deletes or upgrades the database: this connection closes so that can
  // proceed, and the next write opens a new one.
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
  let db: IDBPDatabase<SandbankDB>;
  try {
    db = await open();
  } catch (error) {
    return memoryOnly(
      `IndexedDB database "${name}" cannot be opened (${(error as Error).message}); the state lives in memory only and is lost when the browser stops the worker`,
    );
  }

  const readStarted = performance.now();
  const read = db.transaction(['snapshot', 'chunks', 'log', 'quarantine'], 'readonly');
  const [rawSnapshot, rawLog, quarantinedCount] = await Promise.all([
    read.objectStore('snapshot').get(SNAPSHOT_KEY) as Promise<unknown>,
    read.objectStore('log').getAll() as Promise<unknown[]>,
    read.objectStore('quarantine').count(),
  ]);
  // The chunks are requested at once, in this transaction, and each is checked as it arrives.
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
  const foldStarted = performance.now();

  let restored: State | null = null;
  let seq = 0;
  let snapshotSeq = 0;
  let restoredChunks = new Map<object, string>();
  let restoredCount = 0;
  let restoredSchema = STORAGE_SCHEMA;
  let verifyMs = 0;
  let problem: string | null = null;
  let quarantined = quarantinedCount;
  let how: StorageReport['restored'] = 'fresh';
  if (rawSnapshot !== undefined || rawLog.length > 0) {
    try {
      const folded = await fold(rawSnapshot, rawLog, load);
      restored = folded.state;
      seq = folded.seq;
      snapshotSeq = folded.snapshotSeq;
      restoredChunks = folded.stored;
      restoredCount = folded.chunks;
      restoredSchema = folded.schema;
      verifyMs = folded.verifyMs;
      how = 'snapshot';
    } catch (error) {
      problem = error instanceof StoredStateError ? error.message : `unreadable: ${String(error)}`;
      console.error(
        `[sandbank] the stored sandbox state cannot be restored: ${problem}. It was kept aside ` +
          '(GET /_sandbank/storage/quarantine exports it) and the sandbox starts again from its seed.',
      );
      await read.done.catch(() => undefined);
      const tx = db.transaction(['snapshot', 'chunks', 'log', 'quarantine'], 'readwrite');
      const rawChunks = await tx.objectStore('chunks').getAll();
      await tx.objectStore('quarantine').add({
        at: new Date().toISOString(),
        reason: problem,
        snapshot: rawSnapshot,
        log: rawLog,
        chunks: rawChunks,
      });
      await tx.objectStore('snapshot').clear();
      await tx.objectStore('chunks').clear();
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
    chunks: restoredCount,
    quarantined,
    restoreMs: {
      read: foldStarted - readStarted,
      verify: verifyMs,
      fold: performance.now() - foldStarted - verifyMs,
    },
  };
  let latest: { seq: number; state: State } | null = null;
  let sinceSnapshot = report.logEntries;
  let compaction: ReturnType<typeof setTimeout> | null = null;
  // The key each stored chunk has: a compaction writes only chunks not in here.
  const stored = new WeakMap<object, string>(restoredChunks);

  const connection = async () => {
    if (closed) {
      db = await open();
      closed = false;
    }
    return db;
  };

  /**
   * Writes `at` as the snapshot: the state without its ledgers, the ledger chunks not stored yet,
   * and the removal of chunks the previous snapshot had and this one no longer has, all in one
   * transaction with the removal of the log entries it includes.
   */
  const writeSnapshot = async (at: { seq: number; state: State }) => {
    const ledgers: Record<string, string[]> = {};
    // Every chunk of the state with its key; the ones not known to be stored get hashed first.
    const chunks: Array<{ chunk: Transaction[]; key: string; utf8?: Uint8Array }> = [];
    const hashing: Array<Promise<void>> = [];
    for (const [account, ledger] of Object.entries(at.state.transactions)) {
      const keys: string[] = [];
      ledger.forEach((chunk, index) => {
        const entry: (typeof chunks)[number] = { chunk, key: stored.get(chunk) ?? '' };
        chunks.push(entry);
        keys.push(entry.key);
        if (entry.key === '') {
          entry.utf8 = encoder.encode(chunkText(chunk));
          hashing.push(
            sha256Bytes(entry.utf8).then((key) => {
              entry.key = key;
              keys[index] = key;
            }),
          );
        }
      });
      ledgers[account] = keys;
    }
    await Promise.all(hashing);
    const keep = new Set(Object.values(ledgers).flat());
    const tx = (await connection()).transaction(['snapshot', 'chunks', 'log'], 'readwrite');
    const snapshots = tx.objectStore('snapshot');
    const chunkStore = tx.objectStore('chunks');
    const [previous, present] = await Promise.all([snapshots.get(SNAPSHOT_KEY), chunkStore.getAllKeys()]);
    // Written: every chunk the database lacks (all of them after the database was deleted under
    // this worker). Removed: the previous snapshot's chunks this one no longer has.
    const inStore = new Set(present);
    for (const { chunk, key, utf8 } of chunks) {
      if (inStore.has(key)) continue;
      inStore.add(key);
      void chunkStore.put({ key, utf8: utf8 ?? encoder.encode(chunkText(chunk)) });
    }
    for (const key of new Set(Object.values(previous?.ledgers ?? {}).flat())) {
      if (!keep.has(key)) void chunkStore.delete(key);
    }
    const record: SnapshotRecord = {
      schema: STORAGE_SCHEMA,
      stateVersion: STATE_VERSION,
      seq: at.seq,
      savedAt: Date.now(),
      state: { ...at.state, transactions: {} },
      ledgers,
    };
    void snapshots.put(record, SNAPSHOT_KEY);
    void tx.objectStore('log').delete(IDBKeyRange.upperBound(at.seq));
    await tx.done;
    for (const { chunk, key } of chunks) stored.set(chunk, key);
    report.snapshotSeq = at.seq;
    report.chunks = keep.size;
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
  let compacting: Promise<void> | null = null;
  // Set while the stored records are in an earlier layout's form: rewritten at the first pause.
  let outdated = restored !== null && restoredSchema < STORAGE_SCHEMA;
  // Set when a compaction was asked for while one ran: another follows it.
  let wanted = false;
  const compactNow = (): Promise<void> => {
    if (compacting !== null) {
      wanted = true;
      return compacting;
    }
    const at = latest;
    if (at === null || (at.seq === report.snapshotSeq && !outdated)) return Promise.resolve();
    const folded = sinceSnapshot;
    compacting = writeSnapshot(at)
      .then(
        () => {
          outdated = false;
          sinceSnapshot -= folded;
          report.logEntries = Math.max(0, report.logEntries - folded);
        },
        (error: unknown) => console.error('[sandbank] compacting the stored state failed', error),
      )
      .finally(() => {
        compacting = null;
        if (wanted || sinceSnapshot >= compactEvery) {
          wanted = false;
          scheduleCompaction();
        }
      });
    return compacting;
  };
  const scheduleCompaction = () => {
    if (compacting !== null) {
      wanted = true;
      return;
    }
    if (compaction !== null) clearTimeout(compaction);
    const delay = sinceSnapshot >= compactEvery * COMPACT_BURST_FACTOR ? 0 : compactIdleMs;
    compaction = setTimeout(() => {
      compaction = null;
      void compactNow();
    }, delay);
  };

  // A long log, or one holding a replaced slice, would be read again at every restart until the next
  // write compacts it: fold it in at the first pause.
  const replaces = (entry: unknown) =>
    (entry as Partial<LogRecord>).patches?.some((patch) => patch.path.length <= 1) === true;
  if (restored !== null && (sinceSnapshot >= compactEvery || rawLog.some(replaces) || outdated)) {
    latest = { seq, state: restored };
    scheduleCompaction();
  }

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
      // A replaced slice (PUT /_sandbank/state, a reset) can be the whole ledger: fold it into the
      // snapshot at the next pause rather than restore it from the log.
      if (sinceSnapshot >= compactEvery || patches.some((patch) => patch.path.length <= 1))
        scheduleCompaction();
      return next;
    },
    async compact() {
      if (compaction !== null) clearTimeout(compaction);
      compaction = null;
      await compactNow();
      // One was already running, with an older state: fold in what came after it.
      await compactNow();
    },
    async quarantined() {
      const kept = await (await connection()).getAll('quarantine');
      // Exported as JSON: each chunk's bytes as its text.
      return kept.map((record) =>
        record.chunks === undefined ? record : { ...record, chunks: record.chunks.map(exportedChunk) },
      );
    },
    async clearQuarantine() {
      await (await connection()).clear('quarantine');
      report.quarantined = 0;
    },
  };
}
