import { slicesWrittenInChunks, stateFromExport } from '../core/exported-records.js';
import { EARLIER } from '../core/keyed-chunks.js';
import { type KeyedSlice, STATE_VERSION, type State, type Transaction } from '../core/state.js';
import { applyLogEntry, replacesSlice } from './change-log.js';
import { checkChunkDigest, NOT_A_CHUNK } from './chunk-codec.js';
import { parseChunk } from './chunk-text.js';
import { type LogRecord, type SnapshotRecord, STORAGE_SCHEMA } from './records.js';
import { StoredStateError, validate } from './validate.js';

// From stored records to a State, or to a precise problem. Records in: the snapshot record, the log
// records in order, and a loader for chunk records by key (the store reads them however it can, all
// at once). No storage API here, so any store (IndexedDB, SQLite) restores the same way.

/** The slices to convert for a change that writes `written` in chunks (payments and authorisations together). */
function toConvert(written: ReadonlySet<KeyedSlice>): KeyedSlice[] {
  const slices: KeyedSlice[] = [];
  if (written.has('payments') || written.has('authorisations')) slices.push('payments', 'authorisations');
  for (const slice of [
    'customers',
    'accounts',
    'cardAccounts',
    'consents',
    'sessions',
    'signingBaskets',
  ] as const)
    if (written.has(slice)) slices.push(slice);
  return slices;
}

/** Reads one chunk record by its key; undefined when there is none. */
export type ChunkLoader = (key: string) => Promise<unknown>;

export interface Restored {
  state: State;
  /** The last change the state includes. */
  seq: number;
  /** The change the snapshot record includes. */
  snapshotSeq: number;
  /** The restored chunks that are stored as this layout writes them, with their keys. */
  stored: Map<object, string>;
  /** How many chunks were restored. */
  chunks: number;
  /** The layout the records were in. */
  schema: number;
  /** Whether a logged change replaced a whole slice of the state. */
  replaced: boolean;
  /** How long reading and checking the ledger chunks took (and parsing them, unless lazily), in ms. */
  verifyMs: number;
}

const short = (key: string) => key.slice(0, 12);

/** Restored ledgers: each account's chunks, and the chunks parsed so far with their keys. */
interface Ledgers {
  transactions: Record<string, Transaction[][]>;
  /** Every checked chunk parsed so far with its key (a lazy ledger adds its chunks when it is parsed). */
  verified: Map<object, string>;
  /** The chunks stored in this layout's form, with their keys: a compaction keeps these as they are. */
  current: Map<object, string>;
  /** How many chunks the ledgers have. */
  count: number;
}

/** Each account's chunk keys from the snapshot's ledger index, or a StoredStateError. */
function ledgerIndex(index: unknown): Array<[string, string[]]> {
  if (index === null || typeof index !== 'object' || Array.isArray(index)) {
    throw new StoredStateError('the snapshot has no ledger index');
  }
  const ledgers = Object.entries(index as Record<string, unknown>);
  for (const [account, chunkKeys] of ledgers) {
    if (!Array.isArray(chunkKeys) || chunkKeys.some((key) => typeof key !== 'string')) {
      throw new StoredStateError(`the ledger index of account ${account} is not a list of chunk keys`);
    }
  }
  return ledgers as Array<[string, string[]]>;
}

/**
 * Layout 2's and 3's ledgers: every chunk loaded with `load` and checked against its key at once (so
 * damage is found before the first answer, as it always was), each account's chunks parsed when the
 * account's ledger is first read (`lazy`) or here. The chunks are exactly what a worker once wrote
 * from a valid state, so they need no validation again. A lazy ledger is a getter on the frozen
 * `transactions` object that parses once; `lazy` learns each current chunk's key as it is parsed.
 */
async function restoreLedgers(
  index: unknown,
  load: ChunkLoader,
  lazy: ((chunk: object, key: string) => void) | undefined,
): Promise<Ledgers> {
  const ledgers = ledgerIndex(index);
  const keys = new Set(ledgers.flatMap(([, chunkKeys]) => chunkKeys));
  const checks = await Promise.all([...keys].map(async (key) => checkChunkDigest(key, await load(key))));
  const texts = new Map<string, { text: () => string; current: boolean }>();
  for (const check of checks) {
    if ('problem' in check) throw new StoredStateError(`ledger chunk ${short(check.key)} ${check.problem}`);
    texts.set(check.key, check);
  }
  const result: Ledgers = { transactions: {}, verified: new Map(), current: new Map(), count: keys.size };
  const parsed = new Map<string, Transaction[]>();
  const chunkOf = (key: string): Transaction[] => {
    let chunk = parsed.get(key);
    if (chunk !== undefined) return chunk;
    const { text, current } = texts.get(key) as { text: () => string; current: boolean };
    chunk = parseChunk(text()) ?? undefined;
    if (chunk === undefined) throw new StoredStateError(`ledger chunk ${short(key)} ${NOT_A_CHUNK}`);
    parsed.set(key, chunk);
    // The bytes are not needed again once parsed.
    texts.delete(key);
    result.verified.set(chunk, key);
    if (current) {
      result.current.set(chunk, key);
      lazy?.(chunk, key);
    }
    return chunk;
  };
  if (lazy === undefined) {
    for (const [account, chunkKeys] of ledgers) result.transactions[account] = chunkKeys.map(chunkOf);
    return result;
  }
  for (const [account, chunkKeys] of ledgers) {
    let ledger: Transaction[][] | undefined;
    Object.defineProperty(result.transactions, account, {
      enumerable: true,
      get: () => {
        ledger ??= Object.freeze(chunkKeys.map(chunkOf)) as Transaction[][];
        return ledger;
      },
    });
  }
  // Frozen, so the engine's deep freeze stops here instead of reading (and parsing) every ledger.
  Object.freeze(result.transactions);
  return result;
}

/** The snapshot record, checked to be one this worker reads. */
function snapshotRecord(snapshot: unknown): SnapshotRecord {
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
  return record as SnapshotRecord;
}

async function fold(
  snapshot: unknown,
  log: unknown[],
  load: ChunkLoader,
  now: () => number,
  lazy: ((chunk: object, key: string) => void) | undefined,
) {
  const started = now();
  const record = snapshotRecord(snapshot);
  let seq = record.seq;
  let state = record.state;
  let verified = new Map<object, string>();
  let stored = new Map<object, string>();
  let chunks = 0;
  if (record.schema >= 2) {
    const ledgers = await restoreLedgers(record.ledgers, load, lazy);
    state = { ...state, transactions: ledgers.transactions };
    verified = ledgers.verified;
    stored = ledgers.current;
    chunks = ledgers.count;
  }
  const verifyMs = now() - started;
  let replaced = false;
  for (const entry of log as Array<Partial<LogRecord>>) {
    if (entry?.seq !== seq + 1 || !Array.isArray(entry.patches)) {
      throw new StoredStateError(
        `the change log is broken after entry ${seq} (found ${JSON.stringify(entry?.seq ?? null)})`,
      );
    }
    try {
      // A state stored before a slice was kept in chunks is converted before the first change that
      // writes it in chunks (core/exported-records.ts): the payments and authorisations together, in
      // the layout the session-5 engine wrote those changes in (core/keyed-chunks.ts `EARLIER`); the
      // accounts, consents, SCA sessions and signing baskets each on their own, in today's layout, the
      // one every engine since kept them in.
      const slices = toConvert(slicesWrittenInChunks(entry.patches));
      if (slices.length > 0) {
        const inChunks = stateFromExport(state, EARLIER, slices);
        replaced ||= inChunks !== state;
        state = inChunks;
      }
      state = applyLogEntry(state, entry.patches);
    } catch (error) {
      throw new StoredStateError(`change ${entry.seq} does not apply: ${(error as Error).message}`);
    }
    replaced ||= replacesSlice(entry.patches);
    seq = entry.seq;
  }
  // In the same layout: an engine of today keeps writing a record in the layout it has.
  const converted = stateFromExport(state, EARLIER);
  // Stored in the earlier form: rewritten at the first pause, like a replaced slice.
  replaced ||= converted !== state;
  state = converted;
  validate(state, verified);
  // The validated object itself, not zod's copy: that one reorders keys, and responses must stay
  // byte-identical to those of a worker that never restarted.
  const restored: Restored = {
    state,
    seq,
    snapshotSeq: record.seq,
    schema: record.schema,
    stored,
    chunks,
    replaced,
    verifyMs,
  };
  return restored;
}

/**
 * The state the records hold: null when nothing is stored, else the restored state or the problem
 * that makes the records unrestorable (a newer layout or state version, a broken log, a chunk that
 * is missing, damaged or not a chunk, an invalid state), which the store quarantines.
 * With `lazy`, every chunk is still read and checked against its key here, but a ledger is parsed
 * when it is first read, and `lazy` is called with each chunk stored in this layout's form and its
 * key as it is parsed (what `stored` holds for the others). A chunk whose bytes match its key but do
 * not parse (only a writer's bug or a forged record can make one) then throws a StoredStateError
 * where it is read, not here.
 */
export async function restore(
  snapshot: unknown,
  log: unknown[],
  load: ChunkLoader,
  now: () => number = () => performance.now(),
  lazy?: (chunk: object, key: string) => void,
): Promise<Restored | { problem: string } | null> {
  if (snapshot === undefined && log.length === 0) return null;
  try {
    return await fold(snapshot, log, load, now, lazy);
  } catch (error) {
    return { problem: error instanceof StoredStateError ? error.message : `unreadable: ${String(error)}` };
  }
}

/**
 * `restore` with ledgers parsed when first read, for a store that compacts later: `stored` holds the
 * key of every chunk stored in this layout's form, those the restore parsed and those a later read
 * parses, so a compaction (`snapshotRecords(at, stored, …)`) hashes and writes only the chunks that
 * changed. The service worker and the hosted bank restore through this.
 */
export async function restoreLazily(
  snapshot: unknown,
  log: unknown[],
  load: ChunkLoader,
): Promise<{ outcome: Restored | { problem: string } | null; stored: WeakMap<object, string> }> {
  const stored = new WeakMap<object, string>();
  const outcome = await restore(snapshot, log, load, undefined, (chunk, key) => stored.set(chunk, key));
  if (outcome !== null && 'state' in outcome)
    for (const [chunk, key] of outcome.stored) stored.set(chunk, key);
  return { outcome, stored };
}
