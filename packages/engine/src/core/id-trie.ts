import { isDraft } from 'immer';
import { readable } from './readable.js';

/**
 * An index from id to a number (the chunk an entry sits in, core/keyed-chunks.ts) that grows with the
 * number of ids: a hash trie. A node is a leaf, a record of at most LEAF_MAX ids, or a branch, an
 * array of FANOUT nodes picked by four more bits of the id's hash at each level. A leaf that would
 * hold one id more than LEAF_MAX becomes a branch of leaves, so every record stays small
 * (docs/decisions/keyed-chunks.md; leaves are `idRecord`s), and a write copies one leaf and the
 * branches above it: 16 slots a level, about log16(n / 8) levels, whatever the number of ids.
 */
export type IdTrie = IdTrie[] | Record<string, number>;

export const FANOUT = 16;
export const LEAF_MAX = 16;
/** Eight levels use all 32 bits of the hash; a leaf there holds every id of that hash, however many. */
const MAX_DEPTH = 8;

/** FNV-1a over the id's UTF-16 code units. Deterministic: the same ids, the same trie. */
export function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function slotAt(hash: number, depth: number): number {
  return (hash >>> (depth * 4)) & (FANOUT - 1);
}

/**
 * A new record keyed by ids (a chunk of entries, a trie leaf, a block of request ids): with no
 * prototype, V8 keeps it as a hash table from the start, where a plain object would take a new hidden
 * class for each id added and another when it is frozen, kept by every scavenge that copies it
 * (docs/decisions/hidden-classes.md, "Records keyed by ids").
 */
export function idRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A new id-keyed record holding one entry. */
export function idRecordWith<T>(id: string, value: T): Record<string, T> {
  const record = idRecord<T>();
  record[id] = value;
  return record;
}

/** Sets an own property, even one named `__proto__` (an assignment would set the prototype). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__' && !isDraft(record)) {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    record[key] = value;
  }
}

function sizeOf(leaf: Record<string, number>): number {
  let size = 0;
  for (const _ in leaf) size++;
  return size;
}

/** Whether `id` goes into this leaf as it is (it is there, the leaf has room, or it is at the bottom). */
function takes(leaf: Record<string, number>, id: string, depth: number): boolean {
  return Object.hasOwn(leaf, id) || depth >= MAX_DEPTH || sizeOf(leaf) < LEAF_MAX;
}

/** The number stored for `id`, or undefined. Own keys only (an id like `constructor` finds nothing). */
export function trieGet(root: IdTrie, id: string): number | undefined {
  const hash = hashOf(id);
  let node = root;
  for (let depth = 0; Array.isArray(node); depth++) node = node[slotAt(hash, depth)] as IdTrie;
  return Object.hasOwn(node, id) ? node[id] : undefined;
}

/** Puts `id` in a plain (not yet frozen) node at `depth`; answers the node to keep in its place. */
function putPlain(node: IdTrie, depth: number, id: string, hash: number, value: number): IdTrie {
  if (Array.isArray(node)) {
    const slot = slotAt(hash, depth);
    node[slot] = putPlain(node[slot] as IdTrie, depth + 1, id, hash, value);
    return node;
  }
  if (takes(node, id, depth)) {
    setOwn(node, id, value);
    return node;
  }
  // Full: the leaf becomes a branch, its ids spread by the next four bits (and deeper if they share them).
  let branch: IdTrie = Array.from({ length: FANOUT }, () => idRecord<number>());
  for (const key of Object.keys(node))
    branch = putPlain(branch, depth, key, hashOf(key), node[key] as number);
  return putPlain(branch, depth, id, hash, value);
}

/** A trie of every id of `entries` (plain data, built in one go: an import, a state read from an export). */
export function trieFrom(entries: Iterable<readonly [string, number]>): IdTrie {
  let root: IdTrie = idRecord<number>();
  for (const [id, value] of entries) root = putPlain(root, 0, id, hashOf(id), value);
  return root;
}

/**
 * Sets `id` in `holder.index`, an immer draft (or plain data being built): walks the branches to the
 * id's leaf and writes there; a full leaf is replaced by a branch made of its ids and this one.
 * `plain` is the index as plain data (`readable(holder.index)`, which the caller may have at hand):
 * the leaf's room is read there, since counting a draft's keys costs a proxy trap a key.
 */
export function triePut(
  holder: { index: IdTrie },
  id: string,
  value: number,
  plain: IdTrie = readable(holder.index),
): void {
  const hash = hashOf(id);
  let depth = 0;
  let leaf = plain;
  while (Array.isArray(leaf)) leaf = leaf[slotAt(hash, depth++)] as IdTrie;
  let parent: IdTrie[] | null = null;
  let node = holder.index;
  for (let level = 0; level < depth; level++) {
    parent = node as IdTrie[];
    node = parent[slotAt(hash, level)] as IdTrie;
  }
  if (takes(leaf, id, depth)) {
    setOwn(node as Record<string, number>, id, value);
    return;
  }
  const copy = idRecord<number>();
  for (const key of Object.keys(leaf)) setOwn(copy, key, leaf[key] as number);
  const replaced = putPlain(copy, depth, id, hash, value);
  if (parent === null) holder.index = replaced;
  else parent[slotAt(hash, depth - 1)] = replaced;
}

/**
 * Removes `id` from `holder.index`, an immer draft: walks the branches to the id's leaf and deletes
 * it there. Leaves and branches are kept as they are, even empty: a lookup reads them as before.
 */
export function trieDelete(holder: { index: IdTrie }, id: string): void {
  const hash = hashOf(id);
  let node = holder.index;
  for (let depth = 0; Array.isArray(node); depth++) node = node[slotAt(hash, depth)] as IdTrie;
  delete node[id];
}
