import { readable } from './readable.js';

/**
 * A record of entries by id (the bank's payments, its authorisations) kept so that a write copies a
 * bounded amount whatever the number of entries (docs/decisions/keyed-chunks.md).
 *
 * States are immutable: adding a key to one flat record of ids copies the whole record, and V8 copies
 * a frozen record keyed by ids slowly (a new hidden class per key; past ~1 000 keys a dictionary), so
 * each payment creation cost more than the one before (docs/benchmarks.md, "Payment creation").
 *
 * - `chunks`: the entries in insertion order, in records of at most CHUNK entries; a new entry goes to
 *   the last chunk, or starts a new one. Nothing is ever moved between chunks, so walking the chunks
 *   in order is insertion order (batch processing, the logical-duplicate check and the export rely on it).
 * - `where`: id -> the index of its chunk, split over BUCKETS records by a hash of the id, so finding
 *   an entry reads two small records and scans nothing.
 *
 * A new entry copies the last chunk (at most CHUNK keys), the chunk list (one slot per CHUNK entries),
 * one bucket (about n / BUCKETS keys) and the bucket list (BUCKETS slots); a changed entry copies its
 * chunk and the chunk list. The export (`GET /_sandbank/state`) lists every entry in one flat record,
 * in the same order (`flatRecord`), and an import (or a state read from an export) is turned back into
 * chunks by `keyedFrom`.
 */
export interface KeyedChunks<T> {
  chunks: Record<string, T>[];
  where: Record<string, number>[];
}

/** Entries per chunk at most. */
export const CHUNK = 64;
/** Buckets of the id -> chunk index. */
export const BUCKETS = 64;

/** FNV-1a over the id's UTF-16 code units, to a bucket. Deterministic: the same ids, the same buckets. */
function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

export function emptyKeyed<T>(): KeyedChunks<T> {
  return { chunks: [], where: Array.from({ length: BUCKETS }, () => ({})) };
}

/**
 * True when `value` is in chunks already (not the export's flat record): a flat record's values are
 * entries (objects), never the two arrays.
 */
export function isKeyed(value: unknown): value is KeyedChunks<unknown> {
  if (value === null || typeof value !== 'object') return false;
  const { chunks, where } = value as Partial<KeyedChunks<unknown>>;
  return Array.isArray(chunks) && Array.isArray(where) && where.length === BUCKETS;
}

/** Sets an own property, even one named `__proto__` (an assignment would set the prototype). */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
}

/** Chunks of a flat record, in its order (an imported or exported state's `payments`). */
export function keyedFrom<T>(record: Readonly<Record<string, T>>): KeyedChunks<T> {
  const keyed = emptyKeyed<T>();
  let chunk: Record<string, T> = {};
  let size = 0;
  for (const id of Object.keys(record)) {
    if (size === CHUNK) {
      keyed.chunks.push(chunk);
      chunk = {};
      size = 0;
    }
    setOwn(chunk, id, record[id] as T);
    setOwn(keyed.where[bucketOf(id)] as Record<string, number>, id, keyed.chunks.length);
    size++;
  }
  if (size > 0) keyed.chunks.push(chunk);
  return keyed;
}

/** The flat record the export lists: every entry, in insertion order. */
export function flatRecord<T>(keyed: KeyedChunks<T>): Record<string, T> {
  const record: Record<string, T> = {};
  for (const chunk of keyed.chunks) for (const id of Object.keys(chunk)) setOwn(record, id, chunk[id] as T);
  return record;
}

/**
 * Entries in chunks as the one flat record the export lists; anything else as it is (a value the
 * export's schema names as invalid, a damaged stored state, a slice the request log shows whole).
 */
export function flatIfKeyed(value: unknown): unknown {
  return isKeyed(value) ? flatRecord(value) : value;
}

/**
 * The entry with this id, or undefined; on a draft, the entry's draft (to change it). Reads the
 * bucket and the one chunk: never scans. Own keys only (an id like `constructor` finds nothing).
 */
export function entryById<T>(keyed: KeyedChunks<T>, id: string): T | undefined {
  const bucket = keyed.where[bucketOf(id)] as Record<string, number>;
  if (!Object.hasOwn(bucket, id)) return undefined;
  return (keyed.chunks[bucket[id] as number] as Record<string, T>)[id];
}

/** Adds an entry at the end, or replaces the entry with its id where it stands (the order is kept). */
export function putEntry<T>(target: KeyedChunks<T>, id: string, value: T): void {
  const b = bucketOf(id);
  const bucket = target.where[b] as Record<string, number>;
  if (Object.hasOwn(bucket, id)) {
    (target.chunks[bucket[id] as number] as Record<string, T>)[id] = value;
    return;
  }
  // Sizes read from plain data: enumerating a draft costs a proxy trap per key.
  const plain = readable(target.chunks);
  const last = plain.length - 1;
  if (last >= 0 && Object.keys(plain[last] as object).length < CHUNK) {
    (target.chunks[last] as Record<string, T>)[id] = value;
    bucket[id] = last;
  } else {
    target.chunks.push({ [id]: value });
    bucket[id] = last + 1;
  }
}

/** Every entry as plain (frozen) data, in insertion order; on a draft, as this change left them. */
export function entryList<T>(keyed: KeyedChunks<T>): T[] {
  const list: T[] = [];
  for (const chunk of readable(keyed).chunks) {
    for (const id of Object.keys(chunk)) list.push(chunk[id] as T);
  }
  return list;
}

/** How many entries. */
export function entryCount(keyed: KeyedChunks<unknown>): number {
  let count = 0;
  for (const chunk of readable(keyed).chunks) count += Object.keys(chunk).length;
  return count;
}
