import { isDraft, type Patch } from 'immer';
import { ownEntry } from './ids.js';
import { type LayeredMap, layered, layerGet, layerOver } from './layered-map.js';
import { readable } from './readable.js';
import type { Agreement, CardAccount, Customer, State } from './state.js';

/**
 * Lookups over a state's customers, card accounts and agreements (by customer number, id, card number;
 * an agreement by a person in it, an account it engages, a corporate id), built once per record object
 * (the accounts, kept in chunks, by owner and number, and a consent by its PSU and TPP:
 * core/records.ts). A state's records are frozen and never change (a change makes a new record, so a
 * new index), and enumerating a record of thousands of ids (`Object.values`) costs V8 a sort of its
 * keys (a large record is a dictionary): in a bank of 50 000 more customers, each with an account and
 * a consent, a signed account read took 89–137 ms, against 0.2 ms in the seeded bank
 * (docs/benchmarks.md, "Session 22"). A record a change in progress has written to (a draft that is
 * not its original any more) is read afresh each time. Every answer is what a search of the record
 * would give, in the order `Object.values` lists it, whatever its keys. Each lookup of a record is
 * made when first asked for: a write makes a new record, and the request after it (the mock-data API
 * filling a bank) usually needs one of them, not all. A change that writes a few entries of a record
 * of thousands carries the record's lookups to the new record instead (`carryIndexes`, below): a card
 * payment changes one card account, not the bank's thousands.
 */
interface RecordIndex<T> {
  /** The record read. */
  plain: Record<string, T>;
  /** Each entry's place in the record's order (increasing along it; a carried index leaves gaps). */
  place?: LayeredMap<T, number>;
  /** The place the next entry added at the record's end takes. */
  nextPlace: number;
  /** How many entries the record holds, once a field or the places were built. */
  size?: number;
  /** Per field (`FIELDS`), the entries by each of its values, in the record's order. */
  fields: Map<FieldName, LayeredMap<string, T[]>>;
}

type Indexed = { id: string; customerNumber: string };
type Owned = { customerNumber: string };

const indexes = new WeakMap<object, RecordIndex<unknown>>();

/** Whether an index of this record may be kept: the record is a finished state's, frozen for good. */
function isKept(record: object): boolean {
  return !isDraft(record) && Object.isFrozen(record);
}

/**
 * The index `build` makes of a record (a draft read as plain data), kept per frozen record. Looked up
 * before the record is asked whether it is frozen: for a record of thousands of ids (a dictionary) V8
 * answers that by reading every property. Only frozen records are kept, and a frozen record stays frozen.
 */
function indexed<R extends object, I>(kept: WeakMap<object, I>, record: R, build: (plain: R) => I): I {
  const plain = readable(record);
  const known = kept.get(plain);
  if (known !== undefined) return known;
  const index = build(plain);
  if (isKept(plain)) kept.set(plain, index);
  return index;
}

function push<K, T>(map: Map<K, T[]>, key: K, entry: T): void {
  const same = map.get(key);
  if (same === undefined) map.set(key, [entry]);
  else same.push(entry);
}

/** The entries grouped by the keys `keysOf` gives each (each key once an entry), in their order. */
function grouped<T>(entries: readonly T[], keysOf: (entry: T) => readonly string[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of entries) {
    const keys = keysOf(entry);
    if (keys.length === 1) push(map, keys[0] as string, entry);
    else for (const key of new Set(keys)) push(map, key, entry);
  }
  return map;
}

function indexOf<T extends Owned>(record: Record<string, T>): RecordIndex<T> {
  return indexed(indexes as WeakMap<object, RecordIndex<T>>, record, (plain) => ({
    plain,
    nextPlace: 0,
    fields: new Map(),
  }));
}

function placeOf<T>(index: RecordIndex<T>): LayeredMap<T, number> {
  if (index.place === undefined) {
    const place = new Map<T, number>();
    for (const entry of Object.values(index.plain)) place.set(entry, place.size);
    index.place = layered(place);
    index.size = place.size;
    index.nextPlace = place.size;
  }
  return index.place;
}

/** What each field of a record's index is keyed by: one name, one way of reading it. */
const FIELDS = {
  owner: (entry: Owned) => [entry.customerNumber],
  id: (entry: Indexed) => [entry.id],
  card: (card: CardAccount) => [card.accountNumber, card.cardId],
} as const;
type FieldName = keyof typeof FIELDS;

/** The index's entries by one field's values, in the record's order (a field of the record's kind). */
function field<T>(index: RecordIndex<T>, name: FieldName): LayeredMap<string, T[]> {
  let values = index.fields.get(name);
  if (values === undefined) {
    const entries = Object.values(index.plain);
    values = layered(grouped(entries, FIELDS[name] as (entry: T) => readonly string[]));
    index.fields.set(name, values);
    index.size = entries.length;
  }
  return values;
}

/** The entries in the record's order, each once. */
function inOrder<T>(index: RecordIndex<T>, entries: Iterable<T>): T[] {
  const unique = [...new Set(entries)];
  if (unique.length < 2) return unique;
  const place = placeOf(index);
  return unique.sort((a, b) => (layerGet(place, a) ?? 0) - (layerGet(place, b) ?? 0));
}

const NONE: readonly never[] = Object.freeze([]);

/** The customer's card accounts, deleted ones included, in the state's order. */
export function cardAccountsOf(state: State, customerNumber: string): readonly CardAccount[] {
  return layerGet(field(indexOf(state.cardAccounts), 'owner'), customerNumber) ?? NONE;
}

/** The entries whose id is one of `ids`, in the record's order (as `Object.values` and a filter list them). */
export function inRecordOrder<T extends Indexed>(record: Record<string, T>, ids: Iterable<string>): T[] {
  const index = indexOf(record);
  const found: T[] = [];
  const byId = field(index, 'id');
  for (const id of new Set(ids)) for (const entry of layerGet(byId, id) ?? NONE) found.push(entry);
  return inOrder(index, found);
}

/** The card accounts whose card account number or card id is `identification`, in the state's order. */
export function cardAccountsNumbered(state: State, identification: string): readonly CardAccount[] {
  return layerGet(field(indexOf(state.cardAccounts), 'card'), identification) ?? NONE;
}

/** The customers with this number (one, unless a state gives two customers one number), in the state's order. */
export function customersNumbered(state: State, customerNumber: string): readonly Customer[] {
  return layerGet(field(indexOf(state.customers), 'owner'), customerNumber) ?? NONE;
}

/** The slices whose index a change carries to the state it makes (few agreements: theirs is rebuilt). */
const CARRIED = ['customers', 'cardAccounts'] as const;
/** Below this many entries, rebuilding an index costs less than a layer more to read on every lookup. */
const CARRY_FROM = 1000;
/** A key V8 lists before the others, whatever the order it was added in (an array index). */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * The ids of a slice's entries the change added, replaced or removed, as its patches name them; null
 * when the index cannot be carried: the slice replaced whole, an id that is an array index, an id
 * removed and added again (it moved to the record's end). No operation deletes an entry and adds it
 * again under its id in one change without a patch saying so (the property test in
 * test/core/carried-index.test.ts runs every writing operation of the mock-data API and payments).
 */
function writtenIds(
  slice: string,
  patches: readonly Patch[],
  from: object,
  to: object,
): readonly string[] | null {
  const ids = new Set<string>();
  for (const { op, path } of patches) {
    if (path[0] !== slice) continue;
    if (path.length < 2) return null;
    const id = String(path[1]);
    if (ARRAY_INDEX.test(id)) return null;
    if (path.length === 2 && op === 'add' && Object.hasOwn(from, id)) return null;
    if (path.length === 2 && op === 'remove' && Object.hasOwn(to, id)) return null;
    ids.add(id);
  }
  return [...ids];
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/**
 * The index of `to`, made from the index of `from` and the entries the change wrote: each field's
 * lists and the places changed only where those entries stand. An entry whose field values changed
 * would need its place among other entries: null then (the index is rebuilt when asked for).
 */
function carriedIndex<T>(
  index: RecordIndex<T>,
  from: Record<string, T>,
  to: Record<string, T>,
  ids: readonly string[],
): RecordIndex<T> | null {
  const changes = ids.map((id) => [ownEntry(from, id), ownEntry(to, id)] as const);
  const fields = new Map<FieldName, LayeredMap<string, T[]>>();
  for (const [name, values] of index.fields) {
    const keysOf = FIELDS[name] as (entry: T) => readonly string[];
    const written = new Map<string, T[]>();
    const listOf = (key: string) => written.get(key) ?? layerGet(values, key) ?? NONE;
    for (const [was, now] of changes) {
      const wasKeys = was === undefined ? [] : [...new Set(keysOf(was))];
      const nowKeys = now === undefined ? [] : [...new Set(keysOf(now))];
      if (was !== undefined && now !== undefined) {
        if (!sameKeys(wasKeys, nowKeys)) return null;
        for (const key of nowKeys)
          written.set(
            key,
            listOf(key).map((entry) => (entry === was ? now : entry)),
          );
      } else if (was !== undefined) {
        for (const key of wasKeys)
          written.set(
            key,
            listOf(key).filter((entry) => entry !== was),
          );
      } else if (now !== undefined) {
        for (const key of nowKeys) written.set(key, [...listOf(key), now]);
      }
    }
    fields.set(name, written.size === 0 ? values : layerOver(values, written));
  }
  const carried: RecordIndex<T> = { plain: to, nextPlace: index.nextPlace, fields };
  if (index.size !== undefined)
    carried.size =
      index.size +
      changes.reduce((n, [was, now]) => n + Number(now !== undefined) - Number(was !== undefined), 0);
  if (index.place !== undefined) {
    const places = new Map<T, number>();
    for (const [was, now] of changes) {
      if (now === undefined) continue;
      const place = was === undefined ? carried.nextPlace++ : layerGet(index.place, was);
      if (place === undefined) return null;
      places.set(now, place);
    }
    carried.place = places.size === 0 ? index.place : layerOver(index.place, places);
  }
  return carried;
}

/**
 * Called with each state a change makes (`after`, frozen) from the state before it: the indexes of the
 * large records the change wrote are carried over rather than rebuilt on the next lookup. In a bank of
 * 50 000 more accounts, each booked payment rebuilt two of them, 60 ms each (docs/benchmarks.md,
 * "Session 33"). A record of fewer than `CARRY_FROM` entries is rebuilt when asked, as before.
 */
export function carryIndexes(before: State, after: State, patches: readonly Patch[]): void {
  for (const slice of CARRIED) {
    const from = before[slice] as Record<string, Owned>;
    const to = after[slice] as Record<string, Owned>;
    if (from === to) continue;
    const index = indexes.get(from) as RecordIndex<Owned> | undefined;
    if (index === undefined || index.size === undefined || index.size < CARRY_FROM) continue;
    const ids = writtenIds(slice, patches, from, to);
    const carried = ids === null ? null : carriedIndex(index, from, to, ids);
    if (carried !== null) indexes.set(to, carried);
  }
}

interface AgreementIndex {
  /** The record read. */
  plain: State['agreements'];
  /** The keys of each person's agreements, as the owner or engaged in them, in the record's order, each once. */
  byPerson: Map<string, string[]>;
  /** The keys of the agreements with an engagement on each account, in the record's order, each once. */
  byAccount: Map<string, string[]>;
  /** Per kind of id (`agreementNamed`), the key of the first agreement in the record's order with each id. */
  byId: Map<string, Map<string, string>>;
}

const agreementIndexes = new WeakMap<object, AgreementIndex>();

function agreementIndex(plain: State['agreements']): AgreementIndex {
  const index: AgreementIndex = { plain, byPerson: new Map(), byAccount: new Map(), byId: new Map() };
  for (const [key, agreement] of Object.entries(plain)) {
    const people = new Set([agreement.owner]);
    const accounts = new Set<string>();
    for (const engagement of agreement.engagements) {
      people.add(engagement.customer);
      accounts.add(engagement.accountId);
    }
    for (const person of people) push(index.byPerson, person, key);
    for (const account of accounts) push(index.byAccount, account, key);
  }
  return index;
}

function agreementIndexOf(state: State): AgreementIndex {
  return indexed(agreementIndexes, state.agreements, agreementIndex);
}

/**
 * The keys in the state's agreements record of the agreements a person owns or is engaged in, in the
 * record's order (to write to them through a draft: `draft.agreements[key]`).
 */
export function agreementKeysOfPerson(state: State, nationalId: string): readonly string[] {
  return agreementIndexOf(state).byPerson.get(nationalId) ?? NONE;
}

/** The keys of the agreements with an engagement on the account, in the record's order. */
export function agreementKeysOnAccount(state: State, accountId: string): readonly string[] {
  return agreementIndexOf(state).byAccount.get(accountId) ?? NONE;
}

/** The corporate agreements a PSU acts under, as the owner or engaged, in the state's order (read them, never write through them). */
export function agreementsOf(state: State, nationalId: string): Agreement[] {
  const { plain, byPerson } = agreementIndexOf(state);
  return (byPerson.get(nationalId) ?? NONE).map((key) => plain[key] as Agreement);
}

/**
 * The first agreement, in the state's order, whose id of this kind is `wanted`. `idOf`
 * must give the same id for an agreement id whenever it is called with the same `kind` (a corporate
 * id, a hash of the seed, the agreement and the TPP, names its seed and TPP in `kind`).
 */
export function agreementNamed(
  state: State,
  kind: string,
  idOf: (agreementId: string) => string,
  wanted: string,
): Agreement | undefined {
  const index = agreementIndexOf(state);
  let ids = index.byId.get(kind);
  if (ids === undefined) {
    ids = new Map();
    for (const [key, agreement] of Object.entries(index.plain)) {
      const id = idOf(agreement.agreementId);
      if (!ids.has(id)) ids.set(id, key);
    }
    index.byId.set(kind, ids);
  }
  const key = ids.get(wanted);
  return key === undefined ? undefined : index.plain[key];
}
