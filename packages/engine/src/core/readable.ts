import { current, type Draft, isDraft } from 'immer';

/**
 * A part of the state as plain data, for reading many of its entries: enumerating a draft
 * (`Object.values(draft.accounts)`) costs a proxy trap per key and makes a draft of every entry it
 * reads, which immer then finalises. Unchanged in this change, the part is returned as it is (no copy).
 * Write through the draft, never through what this returns (it is frozen).
 */
export function readable<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value;
}
