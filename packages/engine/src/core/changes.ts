import type { Patch } from 'immer';
import { flatIfKeyed, isChunkPart } from './keyed-chunks.js';
import { isKeyedSlice } from './state.js';

/** One change a request committed to the bank, as the request log shows it. */
export interface StateChange {
  kind: 'added' | 'changed' | 'removed';
  /** Where in the state, from the root: `['payments', 'abc', 'transactionStatus']`. */
  path: Array<string | number>;
  /** The value before (absent when added); a `summary` stands in for a value too large to carry. */
  before?: unknown;
  after?: unknown;
  /** Set instead of `before`/`after` for a value too large for the log (e.g. a whole imported slice). */
  beforeSummary?: string;
  afterSummary?: string;
}

/** Changes listed per request at most; the rest are counted in `RequestLogEntry.changesOmitted`. */
export const CHANGES_LIMIT = 200;
/** Nodes (objects, arrays, values) a value may hold and still be carried whole in the log. */
const VALUE_NODES_LIMIT = 400;

function isContainer(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/** Nodes in `value`, counted up to `limit + 1` (never walks a large value to its end). */
function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const item = stack.pop();
    count++;
    if (isContainer(item)) for (const child of Object.values(item)) stack.push(child);
  }
  return count;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  return `an object with ${Object.keys(value as object).length} keys`;
}

function at(root: unknown, path: readonly (string | number)[]): { found: boolean; value: unknown } {
  let node = root;
  for (const key of path) {
    if (!isContainer(node) || !Object.hasOwn(node, key)) return { found: false, value: undefined };
    node = node[key as string];
  }
  return { found: true, value: node };
}

function carry(change: StateChange, side: 'before' | 'after', value: unknown): void {
  if (isContainer(value) && countNodes(value, VALUE_NODES_LIMIT) > VALUE_NODES_LIMIT) {
    change[side === 'before' ? 'beforeSummary' : 'afterSummary'] = describe(value);
  } else {
    change[side] = value;
  }
}

/** A patch as the log shows it, and the path in the state where its value before is read. */
interface Shown {
  op: Patch['op'];
  path: Array<string | number>;
  at: Array<string | number>;
  value: unknown;
  /** A whole slice of entries in chunks (an import, a reset): shown flat, before and after. */
  flat?: boolean;
}

/** The entries of a new (or removed) chunk, or of a group of them, as the ids they hold. */
function entriesOf(container: unknown): Array<[string, unknown]> {
  if (!isContainer(container)) return [];
  if (!Array.isArray(container)) return Object.keys(container).map((id) => [id, container[id]]);
  return container.flatMap((chunk) =>
    isContainer(chunk) && !Array.isArray(chunk)
      ? Object.keys(chunk).map((id): [string, unknown] => [id, chunk[id]])
      : [],
  );
}

/**
 * The log shows the entries of a slice kept in chunks (payments, consents, signing baskets…) by id, as
 * the export lists them, not as the engine keeps them (core/keyed-chunks.ts): `['payments', 'groups',
 * 0, 3, id, …]` (or, in a record made before session 7, `['payments', 'chunks', 3, id, …]`) is
 * `['payments', id, …]`, a new chunk or group is the entries it adds, a removed entry is that entry,
 * and the id index (`index`, `where`) is not shown.
 */
function shown(patch: Patch, before: unknown): Shown[] {
  const [slice, part] = patch.path;
  const entries = isKeyedSlice(slice);
  if (entries && patch.path.length === 1) {
    return [{ op: patch.op, path: [slice], at: patch.path, value: flatIfKeyed(patch.value), flat: true }];
  }
  const keyed = entries && isChunkPart(part);
  if (!keyed) return [{ op: patch.op, path: [...patch.path], at: patch.path, value: patch.value }];
  if (part === 'index' || part === 'where' || patch.path.length < 3) return [];
  // Where the entry's id sits: after the chunk's position (and, in groups, the group's).
  const idAt = part === 'groups' ? 4 : 3;
  const rest = patch.path.slice(idAt);
  if (rest.length > 0) return [{ op: patch.op, path: [slice, ...rest], at: patch.path, value: patch.value }];
  // A whole chunk (or group): a new one holds the entries it adds, a removed one those it held.
  const container = patch.op === 'remove' ? at(before, patch.path).value : patch.value;
  return entriesOf(container).map(([id, value]) => ({
    op: patch.op,
    path: [slice, id],
    at: [...patch.path, ...(patch.path.length === idAt - 1 ? locate(container, id) : []), id],
    value: patch.op === 'remove' ? undefined : value,
  }));
}

/** The position of the chunk holding `id` in a group (an array of chunks), to read its value before. */
function locate(group: unknown, id: string): number[] {
  if (!Array.isArray(group)) return [];
  const index = group.findIndex((chunk) => isContainer(chunk) && Object.hasOwn(chunk, id));
  return index < 0 ? [] : [index];
}

/**
 * The changes one commit made, read from its immer patches: each patch names a path and the value
 * after; the value before is read at that path in the state the commit started from (a commit's
 * patches never touch one path twice). Costs what the commit changed, never the whole state.
 */
export function describeChanges(
  before: unknown,
  patches: readonly Patch[],
): { changes: StateChange[]; omitted: number } {
  const changes: StateChange[] = [];
  let omitted = 0;
  for (const patch of patches) {
    for (const item of shown(patch, before)) {
      if (changes.length === CHANGES_LIMIT) {
        omitted++;
        continue;
      }
      const previous = at(before, item.at);
      const isArrayAppend = item.op === 'add' && Array.isArray(at(before, item.at.slice(0, -1)).value);
      const kind: StateChange['kind'] =
        item.op === 'remove' ? 'removed' : previous.found && !isArrayAppend ? 'changed' : 'added';
      const change: StateChange = { kind, path: item.path };
      if (kind !== 'added') carry(change, 'before', item.flat ? flatIfKeyed(previous.value) : previous.value);
      if (kind !== 'removed') carry(change, 'after', item.value);
      changes.push(change);
    }
  }
  return { changes, omitted };
}

/** The request log's fields for a request's commit (none: no changes). */
export function describeCommit(committed: { before: unknown; patches: readonly Patch[] } | null): {
  changes: StateChange[];
  changesOmitted: number;
} {
  if (committed === null) return { changes: [], changesOmitted: 0 };
  const { changes, omitted } = describeChanges(committed.before, committed.patches);
  return { changes, changesOmitted: omitted };
}
