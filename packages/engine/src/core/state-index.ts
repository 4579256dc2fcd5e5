import { isDraft } from 'immer';
import { readable } from './readable.js';
import type { Account, Agreement, CardAccount, Customer, State } from './state.js';

/**
 * Lookups over a state's customers, accounts, card accounts and agreements (by customer number, id,
 * bban and iban, card number; an agreement by a person in it, an account it engages, a corporate id),
 * built once per record object (a consent by its PSU and TPP: core/records.ts). A state's records
 * are frozen and never change (a change makes a new record, so a new index), and enumerating a record of
 * thousands of ids (`Object.values`) costs V8 a sort of its keys (a large record is a dictionary): in a
 * bank of 50 000 more customers, each with an account and a consent, a signed account read took 89–137
 * ms, against 0.2 ms in the seeded bank (docs/benchmarks.md, "Session 22"). A record a change in
 * progress has written to (a draft that is not its original any more) is read afresh each time. Every
 * answer is what a search of the record would give, in the order `Object.values` lists it, whatever its
 * keys. Each lookup of a record is made when first asked for: a write makes a new record, and the
 * request after it (the mock-data API filling a bank) usually needs one of them, not all.
 */
interface RecordIndex<T> {
  /** The record read. */
  plain: Record<string, T>;
  /** Each entry's place in the record's order. */
  place?: Map<T, number>;
  /** Per field (`FIELDS`), the entries by each of its values, in the record's order. */
  fields: Map<string, Map<string, T[]>>;
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

/** The record's entries grouped by the keys `keysOf` gives each (each key once an entry), in the record's order. */
function grouped<T>(plain: Record<string, T>, keysOf: (entry: T) => readonly string[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of Object.values(plain)) {
    const keys = keysOf(entry);
    if (keys.length === 1) push(map, keys[0] as string, entry);
    else for (const key of new Set(keys)) push(map, key, entry);
  }
  return map;
}

function indexOf<T extends Owned>(record: Record<string, T>): RecordIndex<T> {
  return indexed(indexes as WeakMap<object, RecordIndex<T>>, record, (plain) => ({
    plain,
    fields: new Map(),
  }));
}

function placeOf<T>(index: RecordIndex<T>): Map<T, number> {
  if (index.place === undefined) {
    const place = new Map<T, number>();
    for (const entry of Object.values(index.plain)) place.set(entry, place.size);
    index.place = place;
  }
  return index.place;
}

/** What each field of a record's index is keyed by: one name, one way of reading it. */
const FIELDS = {
  owner: (entry: Owned) => [entry.customerNumber],
  id: (entry: Indexed) => [entry.id],
  bban: (account: Account) => [account.bban],
  iban: (account: Account) => [account.iban],
  card: (card: CardAccount) => [card.accountNumber, card.cardId],
} as const;

/** The index's entries by one field's values, in the record's order (a field of the record's kind). */
function field<T>(index: RecordIndex<T>, name: keyof typeof FIELDS): Map<string, T[]> {
  let values = index.fields.get(name);
  if (values === undefined) {
    values = grouped(index.plain, FIELDS[name] as (entry: T) => readonly string[]);
    index.fields.set(name, values);
  }
  return values;
}

/** The entries in the record's order, each once. */
function inOrder<T>(index: RecordIndex<T>, entries: Iterable<T>): T[] {
  const unique = [...new Set(entries)];
  if (unique.length < 2) return unique;
  const place = placeOf(index);
  return unique.sort((a, b) => (place.get(a) ?? 0) - (place.get(b) ?? 0));
}

const NONE: readonly never[] = Object.freeze([]);

/** The customer's accounts, in the state's order (read them, never write through them). */
export function accountsOf(state: State, customerNumber: string): readonly Account[] {
  return field(indexOf(state.accounts), 'owner').get(customerNumber) ?? NONE;
}

/** The customer's card accounts, deleted ones included, in the state's order. */
export function cardAccountsOf(state: State, customerNumber: string): readonly CardAccount[] {
  return field(indexOf(state.cardAccounts), 'owner').get(customerNumber) ?? NONE;
}

/** The entries whose id is one of `ids`, in the record's order (as `Object.values` and a filter list them). */
export function inRecordOrder<T extends Indexed>(record: Record<string, T>, ids: Iterable<string>): T[] {
  const index = indexOf(record);
  const found: T[] = [];
  const byId = field(index, 'id');
  for (const id of new Set(ids)) for (const entry of byId.get(id) ?? NONE) found.push(entry);
  return inOrder(index, found);
}

/** The accounts whose bban is `ref.bban` or whose iban is `ref.iban`, in the index's order, each once. */
function numberedIn(
  index: RecordIndex<Account>,
  ref: { bban?: string | undefined; iban?: string | undefined },
): readonly Account[] {
  const byBban = ref.bban === undefined ? NONE : (field(index, 'bban').get(ref.bban) ?? NONE);
  const byIban = ref.iban === undefined ? NONE : (field(index, 'iban').get(ref.iban) ?? NONE);
  if (byIban.length === 0) return byBban;
  if (byBban.length === 0) return byIban;
  return inOrder(index, [...byBban, ...byIban]);
}

/**
 * The accounts whose bban is `ref.bban` or whose iban is `ref.iban`, in the state's order, each once
 * (what a search of the accounts for either number finds, in the order it finds them).
 */
export function accountsNumbered(
  state: State,
  ref: { bban?: string | undefined; iban?: string | undefined },
): readonly Account[] {
  return numberedIn(indexOf(state.accounts), ref);
}

/** The card accounts whose card account number or card id is `identification`, in the state's order. */
export function cardAccountsNumbered(state: State, identification: string): readonly CardAccount[] {
  return field(indexOf(state.cardAccounts), 'card').get(identification) ?? NONE;
}

/** The customers with this number (one, unless a state gives two customers one number), in the state's order. */
export function customersNumbered(state: State, customerNumber: string): readonly Customer[] {
  return field(indexOf(state.customers), 'owner').get(customerNumber) ?? NONE;
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
