import {
  BUCKETS,
  describeChanges,
  EARLIER,
  entriesWithIds,
  entriesWithKey,
  entryById,
  entryCount,
  entryList,
  flatRecord,
  type GroupedChunks,
  type KeyedChunks,
  keyedFrom,
  keyIndex,
  LAYOUT,
  putEntry,
  removeEntry,
} from '@sandbank/engine/internal';
import fc from 'fast-check';
import { applyPatches, enablePatches, type Patch, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';

enablePatches();

// The layout new payments and authorisations are kept in (core/keyed-chunks.ts, core/id-trie.ts,
// docs/decisions/keyed-chunks.md): chunks of 16 in groups of 32, and a hash trie of small records as
// the index. These cases hold it to a plain ordered map, at sizes where groups fill and the trie splits.

type Entry = { id: string; n: number };
// Named as the bank's slice is, so the request log's view of a commit (core/changes.ts) applies.
type Keyed = { payments: KeyedChunks<Entry> };

const empty = (): Keyed => ({ payments: keyedFrom<Entry>({}) });

/** One write, as an operation makes it: inside immer's produce, with its patches. */
function put(state: Keyed, id: string, n: number): { state: Keyed; patches: Patch[] } {
  const [next, patches] = produceWithPatches(state, (draft) => {
    putEntry(draft.payments as KeyedChunks<Entry>, id, { id, n });
  });
  return { state: next, patches };
}

/** Every record and array of a value, for counting what a write copied. */
function nodes(value: unknown, into = new Set<object>()): Set<object> {
  if (value === null || typeof value !== 'object' || into.has(value)) return into;
  into.add(value);
  for (const child of Object.values(value)) nodes(child, into);
  return into;
}

/** The largest record of ids in the index (its leaves). */
function largestLeaf(node: unknown): number {
  if (Array.isArray(node)) return Math.max(0, ...node.map(largestLeaf));
  return Object.keys(node as object).length;
}

describe('entries in groups of chunks with a hash-trie index', () => {
  it('keeps 5 000 entries in order, finds each by id, and replaces one where it stands', () => {
    let state = empty();
    const ids = Array.from({ length: 5_000 }, (_, i) => `payment-${i.toString(36)}-${(i * 7919) % 104729}`);
    ids.forEach((id, i) => {
      state = put(state, id, i).state;
    });
    const records = state.payments as GroupedChunks<Entry>;
    expect(entryList(records).map((entry) => entry.id)).toEqual(ids);
    expect(entryCount(records)).toBe(ids.length);
    for (const [i, id] of ids.entries()) expect(entryById(records, id)).toEqual({ id, n: i });
    for (const absent of ['constructor', '__proto__', 'toString', 'payment-x', ''])
      expect(entryById(records, absent)).toBeUndefined();
    // Groups of at most 32 chunks of at most 16 entries; every leaf of the index at most 16 ids.
    expect(records.groups.length).toBe(Math.ceil(ids.length / (LAYOUT.chunk * LAYOUT.group)));
    for (const group of records.groups) expect(group.length).toBeLessThanOrEqual(LAYOUT.group);
    for (const chunk of records.groups.flat()) expect(Object.keys(chunk).length).toBeLessThanOrEqual(16);
    expect(largestLeaf(records.index)).toBeLessThanOrEqual(16);
    expect(Array.isArray(records.index)).toBe(true);

    const replaced = put(state, ids[1234] as string, -1).state;
    expect(entryList(replaced.payments).map((entry) => entry.id)).toEqual(ids);
    expect(entryById(replaced.payments, ids[1234] as string)).toEqual({ id: ids[1234], n: -1 });
    expect(flatRecord(replaced.payments)).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, { id, n: i === 1234 ? -1 : i }])),
    );
  });

  it('keeps every record of ids without a prototype, through writes and from an export', () => {
    // V8 keeps such a record as a hash table: adding an id (or freezing the record) makes no new
    // hidden class for each scavenge to copy (docs/decisions/hidden-classes.md, "Records keyed by ids").
    const leaves = (node: unknown): object[] =>
      Array.isArray(node) ? node.flatMap(leaves) : [node as object];
    const records = (keyed: KeyedChunks<Entry>) => {
      const grouped = keyed as GroupedChunks<Entry>;
      return [...grouped.groups.flat(), ...leaves(grouped.index)];
    };
    let state = empty();
    for (let i = 0; i < 600; i++) state = put(state, i === 7 ? '__proto__' : `p-${i}`, i).state;
    const rebuilt = keyedFrom(flatRecord(state.payments));
    for (const keyed of [state.payments, rebuilt]) {
      expect(records(keyed).length).toBeGreaterThan(40);
      for (const record of records(keyed)) expect(Object.getPrototypeOf(record)).toBeNull();
      expect(entryById(keyed, '__proto__')).toEqual({ id: '__proto__', n: 7 });
      expect(entryCount(keyed)).toBe(600);
    }
  });

  it('copies a bounded part of the record per write, however many entries it holds', () => {
    /** Slots (keys and array items) of the records and arrays one write makes anew, after `size - 1` entries. */
    const copiedAt = (layout: typeof LAYOUT | typeof BUCKETS, size: number): number => {
      // Laid out in one go as `size - 1` writes in a row would leave it (the same order, the same splits).
      const entries = Array.from({ length: size - 1 }, (_, i) => [`id-${i}`, { id: `id-${i}`, n: i }]);
      const state: Keyed = { payments: keyedFrom<Entry>(Object.fromEntries(entries), layout) };
      const before = nodes(state);
      const fresh = [...nodes(put(state, `id-${size - 1}`, size - 1).state)].filter(
        (node) => !before.has(node),
      );
      return fresh.reduce((sum, node) => sum + Object.keys(node).length, 0);
    };
    const sizes = [500, 2_000, 5_000];
    // The entry, its chunk (16), its group (32), the group list (one slot per 512 entries), the index's
    // branches (16 a level) and leaf (16): about 100 slots at any of these sizes.
    const grouped = sizes.map((size) => copiedAt(LAYOUT, size));
    for (const slots of grouped) expect(slots).toBeLessThanOrEqual(160);
    // Session 6's layout copied the chunk list (one slot per 16 entries) and all 256 buckets each time.
    const flat = sizes.map((size) => copiedAt(BUCKETS, size));
    expect(flat[2]).toBeGreaterThan(550);
  });

  it('makes the same record from its flat export, and its patches rebuild it from a copy', () => {
    fc.assert(
      fc.property(
        // Ids that are not array indices: a record lists those first, in numeric order (as the
        // export's JSON does), and the bank's ids never are.
        fc.array(
          fc.tuple(
            fc.string({ maxLength: 12 }).map((text) => `p${text}`),
            fc.boolean(),
          ),
          {
            minLength: 1,
            maxLength: 900,
          },
        ),
        (writes) => {
          let state = empty();
          // A copy made from JSON, as a state mirror or a store holds it, follows the writes by their patches.
          let mirror = JSON.parse(JSON.stringify(state)) as Keyed;
          const model = new Map<string, number>();
          writes.forEach(([raw, again], n) => {
            // Half the writes replace an id already there, when there is one.
            const known = [...model.keys()];
            const id = again && known.length > 0 ? (known[n % known.length] as string) : raw;
            const written = put(state, id, n);
            state = written.state;
            mirror = applyPatches(mirror, written.patches);
            model.set(id, n);
          });
          const expected = [...model].map(([id, n]) => ({ id, n }));
          expect(entryList(state.payments)).toEqual(expected);
          for (const [id, n] of model) expect(entryById(state.payments, id)).toEqual({ id, n });
          expect(JSON.stringify(mirror)).toBe(JSON.stringify(state));
          const rebuilt = keyedFrom(flatRecord(state.payments));
          expect(entryList(rebuilt)).toEqual(expected);
          for (const [id, n] of model) expect(entryById(rebuilt, id)).toEqual({ id, n });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('entries removed one by one (a deleted signing basket)', () => {
  /** One removal, as an operation makes it: inside immer's produce, with its patches. */
  function remove(state: Keyed, id: string): { state: Keyed; patches: Patch[] } {
    const [next, patches] = produceWithPatches(state, (draft) => {
      removeEntry(draft.payments as KeyedChunks<Entry>, id);
    });
    return { state: next, patches };
  }

  it('keeps the others in order in every layout, and an id put again goes last', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(LAYOUT, BUCKETS, EARLIER),
        fc.array(fc.tuple(fc.nat(60), fc.constantFrom('put', 'remove', 'remove unknown')), {
          minLength: 1,
          maxLength: 700,
        }),
        (layout, steps) => {
          let state: Keyed = { payments: keyedFrom<Entry>({}, layout) };
          let mirror = JSON.parse(JSON.stringify(state)) as Keyed;
          // A Map keeps insertion order the same way: a deleted key set again goes to the end.
          const model = new Map<string, number>();
          // Entries by a key, asked of every state: a state's answers are kept, never another's.
          const byRest = keyIndex<Entry>((entry) => String(entry.n % 3));
          const search = (of: Keyed, key: string) =>
            entryList(of.payments).filter((entry) => String(entry.n % 3) === key);
          steps.forEach(([k, step], n) => {
            const id = step === 'remove unknown' ? `absent-${k}` : `p-${k}`;
            const before = state;
            const answered = entriesWithKey(before.payments, byRest, String(k % 3));
            const written = step === 'put' ? put(state, id, n) : remove(state, id);
            if (step === 'put') model.set(id, n);
            else model.delete(id);
            state = written.state;
            mirror = applyPatches(mirror, written.patches);
            expect(entriesWithKey(state.payments, byRest, String(k % 3))).toEqual(
              search(state, String(k % 3)),
            );
            expect(entriesWithKey(before.payments, byRest, String(k % 3))).toEqual(answered);
          });
          const expected = [...model].map(([id, n]) => ({ id, n }));
          // Some ids, known and not, in an order of their own: the known ones in the record's order.
          const asked = [...Array.from({ length: 61 }, (_, k) => `p-${(k * 7) % 61}`), 'absent', 'p-3'];
          expect(entriesWithIds(state.payments, asked)).toEqual(expected);
          expect(entryList(state.payments)).toEqual(expected);
          expect(entryCount(state.payments)).toBe(model.size);
          for (let k = 0; k <= 60; k++)
            expect(entryById(state.payments, `p-${k}`)).toEqual(
              model.has(`p-${k}`) ? { id: `p-${k}`, n: model.get(`p-${k}`) } : undefined,
            );
          expect(JSON.stringify(mirror)).toBe(JSON.stringify(state));
          expect(flatRecord(state.payments)).toEqual(
            Object.fromEntries([...model].map(([id, n]) => [id, { id, n }])),
          );
        },
      ),
      { numRuns: 80 },
    );
  });

  it('removes an unknown id as a no-op: the same state, no patches', () => {
    let state = empty();
    for (let i = 0; i < 40; i++) state = put(state, `id-${i}`, i).state;
    for (const absent of ['id-40', 'constructor', '__proto__', '']) {
      const { state: after, patches } = remove(state, absent);
      expect(after).toBe(state);
      expect(patches).toEqual([]);
    }
  });

  it('shows a removal in the request log as the entry removed, by id, in a group that is not the last', () => {
    let state = empty();
    for (let i = 0; i < 600; i++) state = put(state, `id-${i}`, i).state;
    const { patches } = remove(state, 'id-17');
    expect(describeChanges(state, patches).changes).toEqual([
      { kind: 'removed', path: ['payments', 'id-17'], before: { id: 'id-17', n: 17 } },
    ]);
  });
});

describe('the request log names entries by id, wherever the write put them', () => {
  /** A state of `count` entries (`id-0`…), then the changes one more write shows. */
  function changesOf(count: number, id: string, n: number) {
    let state = empty();
    for (let i = 0; i < count; i++) state = put(state, `id-${i}`, i).state;
    const { patches } = put(state, id, n);
    return describeChanges(state, patches).changes;
  }

  it('shows a new entry as added, whether it opens a chunk, a group or neither', () => {
    // 16: the first entry of a new chunk; 512: of a new group (32 chunks of 16); 0: of the first group.
    for (const count of [0, 5, 16, 512, 517]) {
      expect(changesOf(count, 'new-one', -1), `after ${count}`).toEqual([
        { kind: 'added', path: ['payments', 'new-one'], after: { id: 'new-one', n: -1 } },
      ]);
    }
  });

  it('shows a replaced entry as changed, with its value before, in a group that is not the last', () => {
    expect(changesOf(600, 'id-17', -1)).toEqual([
      {
        kind: 'changed',
        path: ['payments', 'id-17'],
        before: { id: 'id-17', n: 17 },
        after: { id: 'id-17', n: -1 },
      },
    ]);
  });
});
