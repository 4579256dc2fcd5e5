import {
  hashOf,
  type IdTrie,
  idRecord,
  idRecordWith,
  setOwn,
  trieDelete,
  trieFrom,
  trieGet,
  triePut,
} from './id-trie.js';
import { readable } from './readable.js';

/**
 * A record of entries by id (the bank's payments, its authorisations) kept so that a write copies a
 * bounded amount whatever the number of entries (docs/decisions/keyed-chunks.md).
 *
 * States are immutable: adding a key to one flat record of ids copies the whole record, and V8 copies
 * a frozen record keyed by ids slowly (a new hidden class per key; past ~17 keys a dictionary), so
 * each payment creation cost more than the one before (docs/benchmarks.md, "Payment creation").
 *
 * The layout new records are made in (`LAYOUT`, session 7), `GroupedChunks`:
 * - `groups`: the entries in insertion order, in chunks of at most 16 entries (`idRecord`s, made
 *   without a prototype: core/id-trie.ts), in groups of at most 32 chunks; a new entry goes to the
 *   last chunk, or starts a new chunk, or a new group. Nothing is ever moved, so walking the groups
 *   and their chunks in order is insertion order (batch processing, the logical-duplicate check and
 *   the export rely on it). A chunk's number is `group * 32 + chunk`.
 * - `index`: id -> its chunk's number, a hash trie of small records (core/id-trie.ts).
 * A new entry copies the last chunk, the last group (at most 32 slots), the group list (one slot per
 * 512 entries), and the index's leaf and branches (16 slots a level, about log16(n / 8) levels).
 *
 * Records made before keep their layout and are read and written in it, so the changes a store logged
 * for them, and named snapshots holding them, still apply: `FlatChunks`, one chunk list and a fixed
 * number of index buckets, told apart by that number: `BUCKETS` (chunks of 16 over 256 buckets,
 * session 6) and `EARLIER` (64 over 64, before). Their writes copy the whole chunk list and bucket
 * list, and past about 4 000 ids their buckets are dictionaries: a creation cost 0.81 ms up to 10 000
 * payments and 1.39 ms at 60 000 (docs/benchmarks.md, "Keyed chunks that grow with the bank").
 *
 * The export (`GET /_sandbank/state`) lists every entry in one flat record, in the same order
 * (`flatRecord`), and an import (or a state read from an export) is turned back into chunks by
 * `keyedFrom`.
 */
export interface GroupedChunks<T> {
  groups: Record<string, T>[][];
  index: IdTrie;
}

/** The layouts kept before session 7. */
export interface FlatChunks<T> {
  chunks: Record<string, T>[];
  where: Record<string, number>[];
}

export type KeyedChunks<T> = GroupedChunks<T> | FlatChunks<T>;

/** A layout: how many entries a chunk holds at most, and how the chunks and the index are arranged. */
export type KeyedLayout =
  | { kind: 'grouped'; chunk: number; group: number }
  | { kind: 'flat'; chunk: number; buckets: number };

/** The layout every new record is made in. */
export const LAYOUT = { kind: 'grouped', chunk: 16, group: 32 } as const satisfies KeyedLayout;
/** Session 6's layout, still in stores, snapshots and states saved then. */
export const BUCKETS = { kind: 'flat', chunk: 16, buckets: 256 } as const satisfies KeyedLayout;
/** The layout kept before session 6. */
export const EARLIER = { kind: 'flat', chunk: 64, buckets: 64 } as const satisfies KeyedLayout;

function isGrouped<T>(keyed: KeyedChunks<T>): keyed is GroupedChunks<T> {
  return Object.hasOwn(keyed, 'groups');
}

/** A flat record's layout, told by its bucket count (which also picks an id's bucket). */
function flatLayout(keyed: FlatChunks<unknown>): { chunk: number; buckets: number } {
  return keyed.where.length === EARLIER.buckets ? EARLIER : BUCKETS;
}

/** The layout a record in chunks is kept in (LAYOUT for anything else: a flat record, say). */
export function layoutOf(value: unknown): KeyedLayout {
  if (!isKeyed(value) || isGrouped(value)) return LAYOUT;
  return { kind: 'flat', ...flatLayout(value) };
}

function bucketOf(id: string, buckets: number): number {
  return hashOf(id) % buckets;
}

export function emptyKeyed<T>(layout: KeyedLayout = LAYOUT): KeyedChunks<T> {
  if (layout.kind === 'grouped') return { groups: [], index: idRecord<number>() };
  return { chunks: [], where: Array.from({ length: layout.buckets }, () => ({})) };
}

/** Whether a path's part under a slice names its chunks or index (`groups`, `index`; earlier `chunks`, `where`). */
export function isChunkPart(part: unknown): boolean {
  return part === 'groups' || part === 'index' || part === 'chunks' || part === 'where';
}

/**
 * True when `value` is in chunks already (not the export's flat record): a flat record's values are
 * entries (objects), never these arrays.
 */
export function isKeyed(value: unknown): value is KeyedChunks<unknown> {
  if (value === null || typeof value !== 'object') return false;
  const { groups, index, chunks, where } = value as Partial<GroupedChunks<unknown> & FlatChunks<unknown>>;
  if (Array.isArray(groups)) return index !== null && typeof index === 'object';
  return (
    Array.isArray(chunks) &&
    Array.isArray(where) &&
    (where.length === BUCKETS.buckets || where.length === EARLIER.buckets)
  );
}

/** Chunks of a flat record, in its order (an imported or exported state's `payments`). */
export function keyedFrom<T>(
  record: Readonly<Record<string, T>>,
  layout: KeyedLayout = LAYOUT,
): KeyedChunks<T> {
  const chunks: Record<string, T>[] = [];
  const numbers: Array<[string, number]> = [];
  let chunk = idRecord<T>();
  let size = 0;
  for (const id of Object.keys(record)) {
    if (size === layout.chunk) {
      chunks.push(chunk);
      chunk = idRecord<T>();
      size = 0;
    }
    setOwn(chunk, id, record[id] as T);
    numbers.push([id, chunks.length]);
    size++;
  }
  if (size > 0) chunks.push(chunk);
  if (layout.kind === 'grouped') {
    const groups: Record<string, T>[][] = [];
    for (let c = 0; c < chunks.length; c += layout.group) groups.push(chunks.slice(c, c + layout.group));
    return { groups, index: trieFrom(numbers) };
  }
  const where: Record<string, number>[] = Array.from({ length: layout.buckets }, () => ({}));
  for (const [id, at] of numbers)
    setOwn(where[bucketOf(id, layout.buckets)] as Record<string, number>, id, at);
  return { chunks, where };
}

/** The chunks in order, whatever the layout. */
function chunksOf<T>(keyed: KeyedChunks<T>): Iterable<Record<string, T>> {
  return isGrouped(keyed) ? keyed.groups.flat() : keyed.chunks;
}

/** The flat record the export lists: every entry, in insertion order. */
export function flatRecord<T>(keyed: KeyedChunks<T>): Record<string, T> {
  const record: Record<string, T> = {};
  for (const chunk of chunksOf(keyed))
    for (const id of Object.keys(chunk)) setOwn(record, id, chunk[id] as T);
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
 * index and the one chunk: never scans. Own keys only (an id like `constructor` finds nothing).
 */
export function entryById<T>(keyed: KeyedChunks<T>, id: string): T | undefined {
  if (isGrouped(keyed)) {
    const at = trieGet(keyed.index, id);
    if (at === undefined) return undefined;
    const chunk = keyed.groups[Math.floor(at / LAYOUT.group)]?.[at % LAYOUT.group];
    return chunk === undefined ? undefined : chunk[id];
  }
  const bucket = keyed.where[bucketOf(id, keyed.where.length)] as Record<string, number>;
  if (!Object.hasOwn(bucket, id)) return undefined;
  return (keyed.chunks[bucket[id] as number] as Record<string, T>)[id];
}

/** Adds an entry at the end, or replaces the entry with its id where it stands (the order is kept). */
export function putEntry<T>(target: KeyedChunks<T>, id: string, value: T): void {
  if (isGrouped(target)) {
    putGrouped(target, id, value);
    return;
  }
  const bucket = target.where[bucketOf(id, target.where.length)] as Record<string, number>;
  if (Object.hasOwn(bucket, id)) {
    (target.chunks[bucket[id] as number] as Record<string, T>)[id] = value;
    return;
  }
  // Sizes read from plain data: enumerating a draft costs a proxy trap per key.
  const plain = readable(target.chunks);
  const last = plain.length - 1;
  if (last >= 0 && Object.keys(plain[last] as object).length < flatLayout(target).chunk) {
    (target.chunks[last] as Record<string, T>)[id] = value;
    bucket[id] = last;
  } else {
    target.chunks.push(idRecordWith(id, value));
    bucket[id] = last + 1;
  }
}

function putGrouped<T>(target: GroupedChunks<T>, id: string, value: T): void {
  const { group: GROUP, chunk: CHUNK } = LAYOUT;
  const index = readable(target.index);
  const known = trieGet(index, id);
  if (known !== undefined) {
    const group = target.groups[Math.floor(known / GROUP)] as Record<string, T>[];
    (group[known % GROUP] as Record<string, T>)[id] = value;
    return;
  }
  // Sizes read from plain data: enumerating a draft costs a proxy trap per key.
  const groups = readable(target.groups);
  const g = groups.length - 1;
  const lastGroup = groups[g];
  const c = lastGroup === undefined ? -1 : lastGroup.length - 1;
  let at: number;
  if (lastGroup !== undefined && c >= 0 && Object.keys(lastGroup[c] as object).length < CHUNK) {
    ((target.groups[g] as Record<string, T>[])[c] as Record<string, T>)[id] = value;
    at = g * GROUP + c;
  } else if (lastGroup !== undefined && lastGroup.length < GROUP) {
    (target.groups[g] as Record<string, T>[]).push(idRecordWith(id, value));
    at = g * GROUP + lastGroup.length;
  } else {
    target.groups.push([idRecordWith(id, value)]);
    at = (g + 1) * GROUP;
  }
  triePut(target, id, at, index);
}

/**
 * Removes the entry with this id, if there is one: from its chunk and from the index. The other
 * entries stay where they are (so the order is kept), and a chunk left empty stays in its group.
 */
export function removeEntry<T>(target: KeyedChunks<T>, id: string): void {
  if (isGrouped(target)) {
    const at = trieGet(readable(target.index), id);
    if (at === undefined) return;
    delete (target.groups[Math.floor(at / LAYOUT.group)] as Record<string, T>[])[at % LAYOUT.group]?.[id];
    trieDelete(target, id);
    return;
  }
  const bucket = target.where[bucketOf(id, target.where.length)] as Record<string, number>;
  if (!Object.hasOwn(bucket, id)) return;
  delete target.chunks[bucket[id] as number]?.[id];
  delete bucket[id];
}

/**
 * The entry with this id and its place in insertion order (its chunk's number, then its place among
 * the chunk's keys), or undefined.
 */
function placed<T>(keyed: KeyedChunks<T>, id: string): [number, T] | undefined {
  let at: number | undefined;
  let chunk: Record<string, T> | undefined;
  if (isGrouped(keyed)) {
    at = trieGet(keyed.index, id);
    if (at !== undefined) chunk = keyed.groups[Math.floor(at / LAYOUT.group)]?.[at % LAYOUT.group];
  } else {
    const bucket = keyed.where[bucketOf(id, keyed.where.length)] as Record<string, number>;
    at = Object.hasOwn(bucket, id) ? bucket[id] : undefined;
    if (at !== undefined) chunk = keyed.chunks[at];
  }
  if (at === undefined || chunk === undefined || !Object.hasOwn(chunk, id)) return undefined;
  // EARLIER's chunks are the largest of every layout's.
  return [at * EARLIER.chunk + Object.keys(chunk).indexOf(id), chunk[id] as T];
}

/**
 * The entries whose id is one of `ids`, each once, as plain data in insertion order (the order
 * `entryList` gives), unknown ids left out. Reads the index and each entry's chunk, never the rest.
 */
export function entriesWithIds<T>(keyed: KeyedChunks<T>, ids: Iterable<string>): T[] {
  const plain = readable(keyed);
  const found: Array<[number, T]> = [];
  for (const id of new Set(ids)) {
    const entry = placed(plain, id);
    if (entry !== undefined) found.push(entry);
  }
  return found.sort((a, b) => a[0] - b[0]).map((pair) => pair[1]);
}

/** Every entry as plain (frozen) data, in insertion order; on a draft, as this change left them. */
export function entryList<T>(keyed: KeyedChunks<T>): T[] {
  const list: T[] = [];
  for (const chunk of chunksOf(readable(keyed))) {
    for (const id of Object.keys(chunk)) list.push(chunk[id] as T);
  }
  return list;
}

/**
 * Entries by a key of theirs, kept per frozen chunk and per frozen full group, and the answers given
 * per frozen record (`entriesWithKey`).
 */
export interface KeyIndex<T> {
  keyOf: (entry: T) => string;
  kept: WeakMap<object, Map<string, T[]>>;
  answers: WeakMap<object, Map<string, readonly T[]>>;
}

export function keyIndex<T>(keyOf: (entry: T) => string): KeyIndex<T> {
  return { keyOf, kept: new WeakMap(), answers: new WeakMap() };
}

/** Adds `from`'s entries by key to `into`, in order. */
function addKeyed<T>(into: Map<string, T[]>, from: Map<string, T[]>): void {
  for (const [key, entries] of from) {
    const same = into.get(key);
    if (same === undefined) into.set(key, [...entries]);
    else same.push(...entries);
  }
}

function chunkByKey<T>(chunk: Record<string, T>, index: KeyIndex<T>): Map<string, T[]> {
  const known = index.kept.get(chunk);
  if (known !== undefined) return known;
  const found = new Map<string, T[]>();
  for (const id of Object.keys(chunk)) {
    const entry = chunk[id] as T;
    const key = index.keyOf(entry);
    const same = found.get(key);
    if (same === undefined) found.set(key, [entry]);
    else same.push(entry);
  }
  if (Object.isFrozen(chunk)) index.kept.set(chunk, found);
  return found;
}

/** A group's kept map: made once it is full (LAYOUT.group chunks) and frozen; null before. */
function groupByKey<T>(group: Record<string, T>[], index: KeyIndex<T>): Map<string, T[]> | null {
  const known = index.kept.get(group);
  if (known !== undefined) return known;
  if (group.length !== LAYOUT.group || !Object.isFrozen(group)) return null;
  const found = new Map<string, T[]>();
  for (const chunk of group) addKeyed(found, chunkByKey(chunk, index));
  index.kept.set(group, found);
  // The group's map serves its chunks from here on; should the group change, its chunks are read again.
  for (const chunk of group) index.kept.delete(chunk);
  return found;
}

/**
 * The entries whose key is `key`, as plain data in insertion order, without listing every entry:
 * each frozen chunk, and each frozen full group of 512 entries, is grouped by key once and kept in
 * `index` (a write makes a new chunk and group, so a kept one never goes stale). A write reads the
 * kept map of each full group, of each chunk of the last group, and the entries of what changed.
 * Payment creation's logical-duplicate check listed every payment of the bank for each new one
 * (docs/benchmarks.md, session 9). The layouts before session 7 are read chunk by chunk. A frozen
 * record's answers are kept too: most requests ask the same few (the PSU's consents with the TPP, the
 * PSU's accounts), and reading a hundred groups' maps each time made every read in a bank of 50 000
 * accounts or consents 15–20 % slower than in the seeded bank (docs/decisions/keyed-chunks.md).
 */
export function entriesWithKey<T>(keyed: KeyedChunks<T>, index: KeyIndex<T>, key: string): readonly T[] {
  const plain = readable(keyed);
  // The record's root: two keys, so asking whether it is frozen reads little.
  const frozen = Object.isFrozen(plain);
  const answers = frozen ? index.answers.get(plain) : undefined;
  const known = answers?.get(key);
  if (known !== undefined) return known;
  const found: T[] = [];
  const groups = isGrouped(plain) ? plain.groups : [plain.chunks];
  for (const group of groups) {
    const kept = groupByKey(group, index);
    for (const map of kept === null ? group.map((chunk) => chunkByKey(chunk, index)) : [kept]) {
      const same = map.get(key);
      if (same !== undefined) found.push(...same);
    }
  }
  if (answers !== undefined) answers.set(key, found);
  else if (frozen) index.answers.set(plain, new Map([[key, found]]));
  return found;
}

/** How many entries. */
export function entryCount(keyed: KeyedChunks<unknown>): number {
  let count = 0;
  for (const chunk of chunksOf(readable(keyed))) count += Object.keys(chunk).length;
  return count;
}
