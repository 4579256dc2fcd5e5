import {
  BUCKETS,
  entriesWithKey,
  entryList,
  type KeyedChunks,
  keyedFrom,
  keyIndex,
  LAYOUT,
  putEntry,
} from '@sandbank/engine/internal';
import fc from 'fast-check';
import { freeze, produce } from 'immer';
import { describe, expect, it } from 'vitest';

// Payment creation finds logical duplicates by fingerprint with entriesWithKey (core/keyed-chunks.ts),
// which keeps each frozen chunk's and each full group's entries by key. These cases hold it to the
// plain answer, every entry filtered by key in insertion order, as entries are added and replaced
// (a replaced entry makes a new chunk and group, which must not be answered from what was kept).

type Entry = { id: string; key: string };

/** One write as the reducer makes it: in immer's produce, the result frozen. */
function put(keyed: KeyedChunks<Entry>, id: string, key: string): KeyedChunks<Entry> {
  return freeze(
    produce(keyed, (draft) => {
      putEntry(draft as KeyedChunks<Entry>, id, { id, key });
    }),
    true,
  );
}

const plainAnswer = (keyed: KeyedChunks<Entry>, key: string) => entryList(keyed).filter((e) => e.key === key);

const write = fc.record({
  // A new entry, or one already there replaced (its key may change).
  replace: fc.option(fc.nat(), { freq: 4 }),
  key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'),
});

describe('entries found by a key of theirs', () => {
  it('answers as filtering every entry, across full groups, as entries are added and replaced', () => {
    const full = LAYOUT.chunk * LAYOUT.group;
    fc.assert(
      fc.property(fc.array(write, { minLength: full + 40, maxLength: 2 * full + 100 }), (writes) => {
        const index = keyIndex<Entry>((entry) => entry.key);
        let keyed = freeze(keyedFrom<Entry>({}), true);
        let count = 0;
        writes.forEach(({ replace, key }, i) => {
          const id = replace === null || count === 0 ? `e-${count++}` : `e-${replace % count}`;
          keyed = put(keyed, id, key);
          // Asked after some writes only: each answer keeps maps, and the next writes must not be
          // answered from those of the chunks and groups they replaced.
          if (i % 37 === 0 || i === writes.length - 1) {
            for (const k of ['a', 'd', 'g', 'none'])
              expect(entriesWithKey(keyed, index, k)).toEqual(plainAnswer(keyed, k));
          }
        });
      }),
      { numRuns: 8 },
    );
  });

  it('answers for the layout kept before groups, and for entries not frozen yet', () => {
    const record = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`e-${i}`, { id: `e-${i}`, key: `k${i % 7}` }]),
    );
    const index = keyIndex<Entry>((entry) => entry.key);
    const flat = keyedFrom<Entry>(record, BUCKETS);
    expect(entriesWithKey(flat, index, 'k3')).toEqual(plainAnswer(flat, 'k3'));
    const grouped = keyedFrom<Entry>(record);
    expect(entriesWithKey(grouped, index, 'k3')).toEqual(plainAnswer(grouped, 'k3'));
    produce(freeze(grouped, true), (draft) => {
      putEntry(draft as KeyedChunks<Entry>, 'e-3', { id: 'e-3', key: 'k0' });
      putEntry(draft as KeyedChunks<Entry>, 'new', { id: 'new', key: 'k3' });
      const found = entriesWithKey(draft as KeyedChunks<Entry>, index, 'k3').map((e) => e.id);
      expect(found).not.toContain('e-3');
      expect(found.at(-1)).toBe('new');
      expect(found).toHaveLength(plainAnswer(grouped, 'k3').length);
    });
  });
});
