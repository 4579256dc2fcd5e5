import type { Transaction } from '../core/state.js';
import { chunkText, parseChunk } from './chunk-text.js';
import type { ChunkRecord } from './records.js';

// A ledger chunk as a stored record and back: layout 3's UTF-8 bytes of its text (layout 2's string
// still read), keyed by the SHA-256 of those bytes. Records in, records out: no storage API here.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Reused for every digest: WebCrypto copies its input when called, and a chunk is at most ~1 MB of UTF-8. */
let scratch = new Uint8Array(1 << 20);

/** SHA-256 of bytes, in hex: a chunk record's key. */
export async function chunkKey(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 of a text's UTF-8, in hex. */
function textKey(text: string): Promise<string> {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return chunkKey(scratch.subarray(0, written));
}

/** The bytes layout 3 stores for a chunk: the UTF-8 of its text. */
export function chunkBytes(chunk: readonly Transaction[]): Uint8Array {
  return encoder.encode(chunkText(chunk));
}

/** A stored chunk record as it is exported: the bytes of layout 3 as their text, `json`. */
export function exportedChunk(record: unknown): unknown {
  const { utf8, ...rest } = (record ?? {}) as Partial<ChunkRecord>;
  if (!ArrayBuffer.isView(utf8)) return record;
  return { ...rest, json: decoder.decode(utf8) };
}

/** A checked chunk; `current` when it is stored as this layout writes chunks (UTF-8 of chunkText's text). */
export type ChunkCheck =
  | { key: string; chunk: Transaction[]; current: boolean }
  | { key: string; problem: string };

/** A chunk record whose bytes match its key, not parsed yet: its text is decoded when it is. */
export type ChunkDigestCheck =
  | { key: string; text: () => string; current: boolean }
  | { key: string; problem: string };

const CHANGED = 'does not match its checksum (the record was changed or damaged)';
export const NOT_A_CHUNK = 'is not a chunk of transactions';

/**
 * One chunk record checked against its key (SHA-256 of its text's UTF-8, with WebCrypto, which hashes
 * off the worker's thread), without parsing it: a restore parses a ledger when it is first used.
 */
export async function checkChunkDigest(key: string, record: unknown): Promise<ChunkDigestCheck> {
  const { utf8, json } = (record ?? {}) as Partial<ChunkRecord>;
  if (ArrayBuffer.isView(utf8)) {
    if ((await chunkKey(utf8 as Uint8Array)) !== key) return { key, problem: CHANGED };
    return { key, text: () => decoder.decode(utf8), current: true };
  }
  if (typeof json !== 'string') return { key, problem: 'is missing' };
  if ((await textKey(json)) !== key) return { key, problem: CHANGED };
  return { key, text: () => json, current: false };
}

/** One chunk record: checked against its key, then parsed and frozen. */
export async function checkChunk(key: string, record: unknown): Promise<ChunkCheck> {
  const check = await checkChunkDigest(key, record);
  if ('problem' in check) return check;
  const chunk = parseChunk(check.text());
  if (chunk === null) return { key, problem: NOT_A_CHUNK };
  return { key, chunk, current: check.current };
}
