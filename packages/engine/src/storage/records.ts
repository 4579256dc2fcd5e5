import type { Patch } from 'immer';
import type { State } from '../core/state.js';

/**
 * Version of the records' layout; a newer one was written by a newer Sandbank and is not read.
 * 1: the whole state in the snapshot record. 2: the state without its ledgers in the snapshot
 * record, each ledger chunk a record of its own (`chunks`), keyed by its checksum, as JSON text.
 * 3: the same, each chunk's text as UTF-8 bytes and with the values its rows share written once.
 */
export const STORAGE_SCHEMA = 3;

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
   * How long the restore took, in ms: reading the snapshot record and the log; reading and checking
   * the ledger chunks (each checked as it arrives; parsed too where the restore is not lazy, in the
   * service worker a ledger is parsed when first read); folding the log in and validating
   * what the checksums do not cover.
   */
  restoreMs: { read: number; verify: number; fold: number };
}
