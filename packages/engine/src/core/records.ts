import { entriesWithKey, entryById, entryCount, entryList, keyIndex, putEntry } from './keyed-chunks.js';
import type { Authorisation, Payment, State } from './state.js';

/**
 * The bank's payments and authorisations by id (kept in chunks, core/keyed-chunks.ts). Each works on
 * an operation's draft (a lookup then gives the entry's draft, to change it) and on a plain, frozen
 * state (`sandbox.getState()`, a commit's state); the lists are plain data in insertion order.
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
export function paymentsWithFingerprint(state: Pick<State, 'payments'>, fingerprint: string): Payment[] {
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
