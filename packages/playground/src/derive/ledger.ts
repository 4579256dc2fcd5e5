import type { State, Transaction } from '@sandbank/engine';

type Stored = State['transactions'][string];

const cache = new WeakMap<object, readonly Transaction[]>();

/**
 * An account's transactions newest first, from the engine's ledger (chunks in ascending booking
 * order). Cached per ledger: a commit that leaves the account alone keeps the same list, so the
 * views' memos hold; a commit that adds one transaction makes one new flat list.
 */
export function transactionsOf(stored: Stored | readonly Transaction[] | undefined): readonly Transaction[] {
  if (stored === undefined) return [];
  const hit = cache.get(stored);
  if (hit) return hit;
  const first: unknown = stored[0];
  let list: Transaction[];
  if (Array.isArray(first)) {
    list = [];
    const chunks = stored as readonly (readonly Transaction[])[];
    for (let c = chunks.length - 1; c >= 0; c--) {
      const chunk = chunks[c] as readonly Transaction[];
      for (let i = chunk.length - 1; i >= 0; i--) list.push(chunk[i] as Transaction);
    }
  } else {
    // A flat list (states exported before the ledger) is already newest first.
    list = [...(stored as readonly Transaction[])];
  }
  cache.set(stored, list);
  return list;
}
