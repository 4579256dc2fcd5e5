import { readable } from './readable.js';

/**
 * A record of entries by id (the bank's payments, its authorisations) kept so that a write copies a
 * bounded amount whatever the number of entries (docs/decisions/keyed-chunks.md).
 *
 * States are immutable: adding a key to one flat record of ids copies the whole record, and V8 copies
 * a frozen record keyed by ids slowly (a new hidden class per key; past ~1 000 keys a dictionary), so
 * each payment creation cost more than the one before (docs/benchmarks.md, "Payment creation").
 *
 * - `chunks`: the entries in insertion order, in records of at most `LAYOUT.chunk` entries; a new entry goes to
 *   the last chunk, or starts a new one. Nothing is ever moved between chunks, so walking the chunks
 *   in order is insertion order (batch processing, the logical-duplicate check and the export rely on it).
 * - `where`: id -> the index of its chunk, split over `LAYOUT.buckets` records by a hash of the id, so finding
 *   an entry reads two small records and scans nothing.
 *
 * A new entry copies the last chunk, the chunk list (one slot per chunk), one bucket (about n / buckets
 * keys) and the bucket list (one slot per bucket); a changed entry copies its chunk and the chunk list.
 * The export (`GET /_sandbank/state`) lists every entry in one flat record, in the same order
 * (`flatRecord`), and an import (or a state read from an export) is turned back into chunks by
 * `keyedFrom`.
 *
 * Small records on purpose: V8 keeps a record of up to about 17 keys added by id in its fast form,
 * which a copy duplicates in a fraction of a microsecond; past that it is a dictionary, copied at
 * about 0.3 µs a key (docs/decisions/keyed-chunks.md, "The layout"). A record made before session 6
 * (chunks of 64, 64 buckets: `EARLIER`) is read and written in its own layout, told by its bucket
 * count, so the changes a store logged for it still apply.
 */
export interface KeyedChunks<T> {
  chunks: Record<string, T>[];
  where: Record<string, number>[];
}

/** A layout: how many entries a chunk holds at most, over how many buckets the index is split. */
export interface KeyedLayout {
  chunk: number;
  buckets: number;
}

/** The layout every new record is made in. */
export const LAYOUT: KeyedLayout = { chunk: 16, buckets: 256 };
/** The layout kept before session 6, still in stores, snapshots and states saved then. */
export const EARLIER: KeyedLayout = { chunk: 64, buckets: 64 };

/** The layout a record is in, told by its bucket count (which also picks an id's bucket, `bucketOf`). */
function layoutOf(keyed: KeyedChunks<unknown>): KeyedLayout {
  return keyed.where.length === EARLIER.buckets ? EARLIER : LAYOUT;
}

/** FNV-1a over the id's UTF-16 code units, to one of `buckets`. Deterministic: the same ids, the same buckets. */
function bucketOf(id: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

export function emptyKeyed<T>(layout: KeyedLayout = LAYOUT): KeyedChunks<T> {
  return { chunks: [], where: Array.from({ length: layout.buckets }, () => ({})) };
}

/**
 * True when `value` is in chunks already (not the export's flat record): a flat record's values are
 * entries (objects), never the two arrays.
 */
export function isKeyed(value: unknown): value is KeyedChunks<unknown> {
  if (value === null || typeof value !== 'object') return false;
  const { chunks, where } = value as Partial<KeyedChunks<unknown>>;
  return (
    Array.isArray(chunks) &&
    Array.isArray(where) &&
    (where.length === LAYOUT.buckets || where.length === EARLIER.buckets)
  );
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
export function keyedFrom<T>(
  record: Readonly<Record<string, T>>,
  layout: KeyedLayout = LAYOUT,
): KeyedChunks<T> {
  const keyed = emptyKeyed<T>(layout);
  let chunk: Record<string, T> = {};
  let size = 0;
  for (const id of Object.keys(record)) {
    if (size === layout.chunk) {
      keyed.chunks.push(chunk);
      chunk = {};
      size = 0;
    }
    setOwn(chunk, id, record[id] as T);
    setOwn(keyed.where[bucketOf(id, layout.buckets)] as Record<string, number>, id, keyed.chunks.length);
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
  const bucket = keyed.where[bucketOf(id, keyed.where.length)] as Record<string, number>;
  if (!Object.hasOwn(bucket, id)) return undefined;
  return (keyed.chunks[bucket[id] as number] as Record<string, T>)[id];
}

/** Adds an entry at the end, or replaces the entry with its id where it stands (the order is kept). */
export function putEntry<T>(target: KeyedChunks<T>, id: string, value: T): void {
  const bucket = target.where[bucketOf(id, target.where.length)] as Record<string, number>;
  if (Object.hasOwn(bucket, id)) {
    (target.chunks[bucket[id] as number] as Record<string, T>)[id] = value;
    return;
  }
  // Sizes read from plain data: enumerating a draft costs a proxy trap per key.
  const plain = readable(target.chunks);
  const last = plain.length - 1;
  if (last >= 0 && Object.keys(plain[last] as object).length < layoutOf(target).chunk) {
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
