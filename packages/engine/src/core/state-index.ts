import { isDraft } from 'immer';
import { readable } from './readable.js';
import type { Agreement, State } from './state.js';

/**
 * Lookups over a state's agreements (by a person in one, an account one engages, a corporate id),
 * built once per agreements record (the customers, accounts, card accounts and consents are kept in
 * chunks and looked up by key there: core/records.ts). A state's records are frozen and never change
 * (a change makes a new record, so a new index), and enumerating a record of thousands of ids
 * (`Object.values`) costs V8 a sort of its keys. A record a change in progress has written to (a
 * draft that is not its original any more) is read afresh each time. Every answer is what a search
 * of the record would give, in the order `Object.values` lists it, whatever its keys.
 */

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

const NONE: readonly never[] = Object.freeze([]);

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
