import { current, type Draft, isDraft } from 'immer';

/**
 * A part of the state as plain data, for reading many of its entries: enumerating a draft
 * (`Object.values(draft.agreements)`) costs a proxy trap per key and makes a draft of every entry it
 * reads, which immer then finalises. Unchanged in this change, the part is returned as it is (no copy).
 * Write through the draft, never through what this returns (it is frozen).
 */
export function readable<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value;
}

/**
 * One entry of a record as plain data, read without making it a draft. Through a draft, reading an
 * entry that is an object makes a draft of it, which copies the whole record (in a bank of 50 000
 * accounts, about 60 ms) and, should the entry then be deleted, has immer walk every key of the record
 * to find where its draft went. immer answers a property's descriptor from the record as it stands,
 * with no draft made; `readable(record)[id]` would copy a record this change has written. Own keys only.
 */
export function readableEntry<T>(record: Readonly<Record<string, T>>, id: string): T | undefined {
  const own = Object.getOwnPropertyDescriptor(record, id);
  return own === undefined ? undefined : readable(own.value as T);
}
