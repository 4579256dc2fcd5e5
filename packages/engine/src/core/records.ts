import {
  entriesWithIds,
  entriesWithKey,
  entryById,
  entryCount,
  entryList,
  keyIndex,
  putEntry,
  removeEntry,
} from './keyed-chunks.js';
import { readable } from './readable.js';
import type {
  Account,
  Authorisation,
  CardAccount,
  Consent,
  Customer,
  Payment,
  ScaSession,
  SigningBasket,
  State,
} from './state.js';

/**
 * The bank's records kept in chunks (`KEYED_SLICES`, core/state.ts; core/keyed-chunks.ts), by id. Each
 * works on an operation's draft (a lookup then gives the entry's draft, to change it) and on a plain,
 * frozen state (`sandbox.getState()`, a commit's state); the lists are plain data in insertion order.
 */

export function paymentById(state: Pick<State, 'payments'>, paymentId: string): Payment | undefined {
  return entryById(state.payments, paymentId);
}

/** Stores a payment: a new one at the end, a known id in its place. */
export function putPayment(state: Pick<State, 'payments'>, payment: Payment): void {
  putEntry(state.payments, payment.paymentId, payment);
}

/** Every payment, oldest first (the order they were created or imported in). */
export function paymentList(state: Pick<State, 'payments'>): Payment[] {
  return entryList(state.payments);
}

const byFingerprint = keyIndex<Payment>((payment) => payment.fingerprint);

/** The payments with this logical-duplicate fingerprint, oldest first, without listing every payment. */
export function paymentsWithFingerprint(
  state: Pick<State, 'payments'>,
  fingerprint: string,
): readonly Payment[] {
  return entriesWithKey(state.payments, byFingerprint, fingerprint);
}

export function paymentCount(state: Pick<State, 'payments'>): number {
  return entryCount(state.payments);
}

export function authorisationById(
  state: Pick<State, 'authorisations'>,
  authorisationId: string,
): Authorisation | undefined {
  return entryById(state.authorisations, authorisationId);
}

/** Stores an authorisation: a new one at the end, a known id in its place. */
export function putAuthorisation(state: Pick<State, 'authorisations'>, authorisation: Authorisation): void {
  putEntry(state.authorisations, authorisation.authorisationId, authorisation);
}

/** Every authorisation, oldest first. */
export function authorisationList(state: Pick<State, 'authorisations'>): Authorisation[] {
  return entryList(state.authorisations);
}

/** The consent with this id; on a draft, its draft (to change it). Own ids only. */
export function consentById(state: Pick<State, 'consents'>, consentId: string): Consent | undefined {
  return entryById(state.consents, consentId);
}

/** Stores a consent: a new one at the end, a known id in its place. */
export function putConsent(state: Pick<State, 'consents'>, consent: Consent): void {
  putEntry(state.consents, consent.consentId, consent);
}

/** Every consent, oldest first (the order they were given or imported in). */
export function consentList(state: Pick<State, 'consents'>): Consent[] {
  return entryList(state.consents);
}

export function consentCount(state: Pick<State, 'consents'>): number {
  return entryCount(state.consents);
}

const consentsByPsu = keyIndex<Consent>((consent) => consent.nationalId);
// A consent's national id is a known PSU's (digits, never a NUL): the pair names one PSU with one TPP.
const pairKey = (tppId: string, nationalId: string) => `${tppId}\u0000${nationalId}`;
const consentsByTppAndPsu = keyIndex<Consent>((consent) => pairKey(consent.tppId, consent.nationalId));
/**
 * The PSU's consents, with every TPP, oldest first: each frozen chunk and full group of the record is
 * grouped once (`entriesWithKey`), so a new consent in a bank of 50 000 reads again only what it wrote
 * (the bank's consent overview asks it, once a page).
 */
export function consentsOfPsu(state: Pick<State, 'consents'>, nationalId: string): readonly Consent[] {
  return entriesWithKey(state.consents, consentsByPsu, nationalId);
}

/**
 * The PSU's consents with this TPP, oldest first. Every account-information request asks it: a frozen
 * record's answers are kept (`entriesWithKey`).
 */
export function consentsOf(
  state: Pick<State, 'consents'>,
  tppId: string,
  nationalId: string,
): readonly Consent[] {
  return entriesWithKey(state.consents, consentsByTppAndPsu, pairKey(tppId, nationalId));
}

/** The SCA session a TPP opened under this TPP-Session-ID (`sca/sessions.ts` makes the key). */
export function sessionByKey(state: Pick<State, 'sessions'>, key: string): ScaSession | undefined {
  return entryById(state.sessions, key);
}

/** Stores a session under its key: a new one at the end, a known key in its place. */
export function putSession(state: Pick<State, 'sessions'>, key: string, session: ScaSession): void {
  putEntry(state.sessions, key, session);
}

/** Every SCA session, oldest first (the order they were opened or imported in). */
export function sessionList(state: Pick<State, 'sessions'>): ScaSession[] {
  return entryList(state.sessions);
}

const sessionsByTppAndPsu = keyIndex<ScaSession>((session) => pairKey(session.tppId, session.nationalId));

/**
 * The sessions this TPP opened for this PSU, oldest first, without listing every session of the bank
 * (a completed SCA replaces the others: part 5.2 rule 6).
 */
export function sessionsOf(
  state: Pick<State, 'sessions'>,
  tppId: string,
  nationalId: string,
): readonly ScaSession[] {
  return entriesWithKey(state.sessions, sessionsByTppAndPsu, pairKey(tppId, nationalId));
}

export function basketById(
  state: Pick<State, 'signingBaskets'>,
  basketId: string,
): SigningBasket | undefined {
  return entryById(state.signingBaskets, basketId);
}

/** Stores a signing basket: a new one at the end, a known id in its place. */
export function putBasket(state: Pick<State, 'signingBaskets'>, basket: SigningBasket): void {
  putEntry(state.signingBaskets, basket.basketId, basket);
}

/** Deletes a signing basket (part 4.2 item 4); the others keep their order. */
export function removeBasket(state: Pick<State, 'signingBaskets'>, basketId: string): void {
  removeEntry(state.signingBaskets, basketId);
}

/** Every signing basket, oldest first. */
export function basketList(state: Pick<State, 'signingBaskets'>): SigningBasket[] {
  return entryList(state.signingBaskets);
}

/** The account with this id; on a draft, the account's draft (to change it). */
export function accountById(state: Pick<State, 'accounts'>, id: string): Account | undefined {
  return entryById(state.accounts, id);
}

/** The account with this id as plain data, to read (on a draft: no draft made of it). */
export function readableAccount(state: Pick<State, 'accounts'>, id: string): Account | undefined {
  return entryById(readable(state.accounts), id);
}

/** Stores an account: a new one at the end, a known id in its place. */
export function putAccount(state: Pick<State, 'accounts'>, account: Account): void {
  putEntry(state.accounts, account.id, account);
}

/** Deletes an account (the mock-data API); the others keep their order. */
export function removeAccount(state: Pick<State, 'accounts'>, id: string): void {
  removeEntry(state.accounts, id);
}

/** Every account, in the order they were made or imported in. */
export function accountList(state: Pick<State, 'accounts'>): Account[] {
  return entryList(state.accounts);
}

export function accountCount(state: Pick<State, 'accounts'>): number {
  return entryCount(state.accounts);
}

const accountsByOwner = keyIndex<Account>((account) => account.customerNumber);
const accountsByBban = keyIndex<Account>((account) => account.bban);
const accountsByIban = keyIndex<Account>((account) => account.iban);

/** The customer's accounts, in the accounts' order (read them, never write through them). */
export function accountsOf(state: Pick<State, 'accounts'>, customerNumber: string): readonly Account[] {
  return entriesWithKey(state.accounts, accountsByOwner, customerNumber);
}

/**
 * The accounts whose bban is `ref.bban` or whose iban is `ref.iban`, in the accounts' order, each once
 * (what a search of the accounts for either number finds, in the order it finds them).
 */
export function accountsNumbered(
  state: Pick<State, 'accounts'>,
  ref: { bban?: string | undefined; iban?: string | undefined },
): readonly Account[] {
  const byBban = ref.bban === undefined ? [] : entriesWithKey(state.accounts, accountsByBban, ref.bban);
  const byIban = ref.iban === undefined ? [] : entriesWithKey(state.accounts, accountsByIban, ref.iban);
  if (byBban.length === 0) return byIban;
  // Usually one account answers both numbers: a transaction's counterparty, a payment's debtor.
  if (byIban.every((account) => byBban.includes(account))) return byBban;
  return entriesWithIds(
    state.accounts,
    [...byBban, ...byIban].map((account) => account.id),
  );
}

/** The accounts whose id is one of `ids`, in the accounts' order (plain data). */
export function accountsWithIds(state: Pick<State, 'accounts'>, ids: Iterable<string>): readonly Account[] {
  return entriesWithIds(state.accounts, ids);
}

/** The customer with this id; on a draft, its draft (to change it). */
export function customerById(state: Pick<State, 'customers'>, customerId: string): Customer | undefined {
  return entryById(state.customers, customerId);
}

/** The customer with this id as plain data, to read (on a draft: no draft made of it). */
export function readableCustomer(state: Pick<State, 'customers'>, customerId: string): Customer | undefined {
  return entryById(readable(state.customers), customerId);
}

/** Stores a customer: a new one at the end, a known id in its place. */
export function putCustomer(state: Pick<State, 'customers'>, customer: Customer): void {
  putEntry(state.customers, customer.customerId, customer);
}

/** Deletes a customer (the mock-data API); the others keep their order. */
export function removeCustomer(state: Pick<State, 'customers'>, customerId: string): void {
  removeEntry(state.customers, customerId);
}

/** Every customer, seeded and hand-made, in the order they were made or imported in. */
export function customerList(state: Pick<State, 'customers'>): Customer[] {
  return entryList(state.customers);
}

export function customerCount(state: Pick<State, 'customers'>): number {
  return entryCount(state.customers);
}

const customersByNumber = keyIndex<Customer>((customer) => customer.customerNumber);

/** The customers with this number (one, unless an import gives two customers one number), in their order. */
export function customersNumbered(
  state: Pick<State, 'customers'>,
  customerNumber: string,
): readonly Customer[] {
  return entriesWithKey(state.customers, customersByNumber, customerNumber);
}

/** The card account with this id; on a draft, its draft (to change it). */
export function cardAccountById(state: Pick<State, 'cardAccounts'>, id: string): CardAccount | undefined {
  return entryById(state.cardAccounts, id);
}

/** The card account with this id as plain data, to read (on a draft: no draft made of it). */
export function readableCardAccount(state: Pick<State, 'cardAccounts'>, id: string): CardAccount | undefined {
  return entryById(readable(state.cardAccounts), id);
}

/** Stores a card account: a new one at the end, a known id in its place. */
export function putCardAccount(state: Pick<State, 'cardAccounts'>, card: CardAccount): void {
  putEntry(state.cardAccounts, card.id, card);
}

/** Deletes a card account (with its customer); the others keep their order. */
export function removeCardAccount(state: Pick<State, 'cardAccounts'>, id: string): void {
  removeEntry(state.cardAccounts, id);
}

/** Every card account, deleted ones included, in the order they were made or imported in. */
export function cardAccountList(state: Pick<State, 'cardAccounts'>): CardAccount[] {
  return entryList(state.cardAccounts);
}

const cardsByOwner = keyIndex<CardAccount>((card) => card.customerNumber);
const cardsByNumber = keyIndex<CardAccount>((card) => card.accountNumber);
const cardsByCardId = keyIndex<CardAccount>((card) => card.cardId);

/** The customer's card accounts, deleted ones included, in their order (read them, never write through them). */
export function cardAccountsOf(
  state: Pick<State, 'cardAccounts'>,
  customerNumber: string,
): readonly CardAccount[] {
  return entriesWithKey(state.cardAccounts, cardsByOwner, customerNumber);
}

/** The card accounts whose card account number or card id is `identification`, in their order, each once. */
export function cardAccountsNumbered(
  state: Pick<State, 'cardAccounts'>,
  identification: string,
): readonly CardAccount[] {
  const byNumber = entriesWithKey(state.cardAccounts, cardsByNumber, identification);
  const byCardId = entriesWithKey(state.cardAccounts, cardsByCardId, identification);
  if (byCardId.length === 0) return byNumber;
  if (byNumber.length === 0) return byCardId;
  return entriesWithIds(
    state.cardAccounts,
    [...byNumber, ...byCardId].map((card) => card.id),
  );
}

/** The card accounts whose id is one of `ids`, in their order (plain data). */
export function cardAccountsWithIds(
  state: Pick<State, 'cardAccounts'>,
  ids: Iterable<string>,
): readonly CardAccount[] {
  return entriesWithIds(state.cardAccounts, ids);
}
