import { isDraft } from 'immer';
import { readable } from './readable.js';
import type { Account, CardAccount, Consent, Customer, State } from './state.js';

/**
 * Lookups over a state's customers, accounts, card accounts and consents (by customer number, id, bban
 * and iban, card number; a consent by its PSU and TPP), built once per record object. A state's records
 * are frozen and never change (a change makes a new record, so a new index), and enumerating a record of
 * thousands of ids (`Object.values`) costs V8 a sort of its keys (a large record is a dictionary): in a
 * bank of 50 000 more customers, each with an account and a consent, a signed account read took 89–137
 * ms, against 0.2 ms in the seeded bank (docs/benchmarks.md, "Session 22"). A record a change in
 * progress has written to (a draft that is not its original any more) is read afresh each time. Every
 * answer is what a search of the record would give, in the order `Object.values` lists it, whatever its
 * keys.
 */
interface RecordIndex<T> {
  /** Each entry's place in the record's order. */
  place: Map<T, number>;
  /** The entries of each owner (customer number), in the record's order. */
  byOwner: Map<string, T[]>;
  /** The entries with each id, in the record's order (one, unless a state gives two entries one id). */
  byId: Map<string, T[]>;
  /** The entries by each of their numbers (an account's bban and iban), made when first asked for. */
  byNumber?: Map<string, T[]>;
}

type Indexed = { id: string; customerNumber: string };

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

function recordIndex<T extends Indexed>(plain: Record<string, T>): RecordIndex<T> {
  const index: RecordIndex<T> = { place: new Map(), byOwner: new Map(), byId: new Map() };
  for (const entry of Object.values(plain)) {
    index.place.set(entry, index.place.size);
    push(index.byOwner, entry.customerNumber, entry);
    push(index.byId, entry.id, entry);
  }
  return index;
}

function indexOf<T extends Indexed>(record: Record<string, T>): RecordIndex<T> {
  return indexed(indexes as WeakMap<object, RecordIndex<T>>, record, recordIndex);
}

/** The entries in the record's order, each once. */
function inOrder<T>(index: RecordIndex<T>, entries: Iterable<T>): T[] {
  const place = (entry: T) => index.place.get(entry) ?? 0;
  return [...new Set(entries)].sort((a, b) => place(a) - place(b));
}

const NONE: readonly never[] = Object.freeze([]);

/** The customer's accounts, in the state's order (read them, never write through them). */
export function accountsOf(state: State, customerNumber: string): readonly Account[] {
  return indexOf(state.accounts).byOwner.get(customerNumber) ?? NONE;
}

/** The customer's card accounts, deleted ones included, in the state's order. */
export function cardAccountsOf(state: State, customerNumber: string): readonly CardAccount[] {
  return indexOf(state.cardAccounts).byOwner.get(customerNumber) ?? NONE;
}

/** The entries whose id is one of `ids`, in the record's order (as `Object.values` and a filter list them). */
export function inRecordOrder<T extends Indexed>(record: Record<string, T>, ids: Iterable<string>): T[] {
  const index = indexOf(record);
  const found: T[] = [];
  for (const id of new Set(ids)) for (const entry of index.byId.get(id) ?? NONE) found.push(entry);
  return inOrder(index, found);
}

/** The index's entries by the numbers `numbersOf` gives each, in the record's order. */
function byNumber<T>(index: RecordIndex<T>, numbersOf: (entry: T) => readonly string[]): Map<string, T[]> {
  if (index.byNumber === undefined) {
    const numbered = new Map<string, T[]>();
    for (const entry of index.place.keys())
      for (const number of new Set(numbersOf(entry))) push(numbered, number, entry);
    index.byNumber = numbered;
  }
  return index.byNumber;
}

const accountNumbers = (a: Account) => [`bban ${a.bban}`, `iban ${a.iban}`];

/** The accounts whose bban is `ref.bban` or whose iban is `ref.iban`, in the index's order, each once. */
function numberedIn(
  index: RecordIndex<Account>,
  ref: { bban?: string | undefined; iban?: string | undefined },
): readonly Account[] {
  const numbered = byNumber(index, accountNumbers);
  const byBban = ref.bban === undefined ? NONE : (numbered.get(`bban ${ref.bban}`) ?? NONE);
  const byIban = ref.iban === undefined ? NONE : (numbered.get(`iban ${ref.iban}`) ?? NONE);
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
  return (
    byNumber(indexOf(state.cardAccounts), (c) => [c.accountNumber, c.cardId]).get(identification) ?? NONE
  );
}

const customerIndexes = new WeakMap<object, Map<string, Customer[]>>();

function customerIndex(plain: State['customers']): Map<string, Customer[]> {
  const numbered = new Map<string, Customer[]>();
  for (const customer of Object.values(plain)) push(numbered, customer.customerNumber, customer);
  return numbered;
}

/** The customers with this number (one, unless a state gives two customers one number), in the state's order. */
export function customersNumbered(state: State, customerNumber: string): readonly Customer[] {
  return indexed(customerIndexes, state.customers, customerIndex).get(customerNumber) ?? NONE;
}

interface ConsentIndex {
  /** Each PSU's consents (by national id), in the record's order. */
  byPsu: Map<string, Consent[]>;
  /** Each TPP's consents (by organisation id), then each PSU's of those (by national id), in the record's order. */
  byTpp: Map<string, Map<string, Consent[]>>;
}

const consentIndexes = new WeakMap<object, ConsentIndex>();

function consentIndex(plain: State['consents']): ConsentIndex {
  const index: ConsentIndex = { byPsu: new Map(), byTpp: new Map() };
  for (const consent of Object.values(plain)) {
    push(index.byPsu, consent.nationalId, consent);
    let ofTpp = index.byTpp.get(consent.tppId);
    if (ofTpp === undefined) {
      ofTpp = new Map();
      index.byTpp.set(consent.tppId, ofTpp);
    }
    push(ofTpp, consent.nationalId, consent);
  }
  return index;
}

function consentIndexOf(state: State): ConsentIndex {
  return indexed(consentIndexes, state.consents, consentIndex);
}

/** The PSU's consents, with every TPP, in the state's order (read them, never write through them). */
export function consentsOfPsu(state: State, nationalId: string): readonly Consent[] {
  return consentIndexOf(state).byPsu.get(nationalId) ?? NONE;
}

/** The PSU's consents with this TPP, in the state's order (read them, never write through them). */
export function consentsOf(state: State, tppId: string, nationalId: string): readonly Consent[] {
  return consentIndexOf(state).byTpp.get(tppId)?.get(nationalId) ?? NONE;
}
