import {
  accountById,
  type BasketStatus,
  basketList,
  type Consent,
  cardAccountById,
  consentList,
  consentRenewalDue,
  customerList,
  isSessionActive,
  type Payment,
  type PaymentStatus,
  paymentById,
  paymentList,
  type ScaSession,
  type SigningBasket,
  type State,
  sessionList,
  worstCaseStatus,
} from '@sandbank/engine';

/**
 * Typed selectors over the engine's consents, sessions, payments and signing baskets. Every rule
 * (a basket's worst-case status, a consent's renewal, a session's hour) is the engine's own export;
 * these only pick, sort and label.
 */

/** One step of a status history, as the engine records a payment's (`Payment['statusHistory']`). */
export interface StatusChange<S extends string = string> {
  status: S;
  /** Bank time of the change, epoch ms. */
  at: number;
  reason?: string | undefined;
}

function newestFirst<T extends { createdAt: number }>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt);
}

export function paymentsNewestFirst(state: Pick<State, 'payments'>): Payment[] {
  return newestFirst(paymentList(state));
}

export function basketsNewestFirst(state: Pick<State, 'signingBaskets'>): SigningBasket[] {
  return newestFirst(basketList(state));
}

export function consentsNewestFirst(state: Pick<State, 'consents'>): Consent[] {
  return newestFirst(consentList(state));
}

export function sessionsNewestFirst(state: Pick<State, 'sessions'>): ScaSession[] {
  return sessionList(state).sort((a, b) => b.scaAt - a.scaAt);
}

/** The payment's status at bank time `at`: the last change at or before it (undefined before the first). */
function statusAt(payment: Payment, at: number): PaymentStatus | undefined {
  let status: PaymentStatus | undefined;
  for (const change of payment.statusHistory) {
    if (change.at > at) break;
    status = change.status;
  }
  return status;
}

/**
 * The basket's status over time. The engine keeps no basket history: its status is the worst case
 * over its payments' (part 3 rule 1), so the history is that rule applied at each moment one of its
 * payments changed status, keeping the moments the basket's status changed.
 */
export function basketHistory(
  state: Pick<State, 'payments'>,
  basket: SigningBasket,
): StatusChange<BasketStatus>[] {
  const payments = basket.paymentIds.map((id) => paymentById(state, id));
  const moments = new Set<number>([basket.createdAt]);
  for (const payment of payments) {
    for (const change of payment?.statusHistory ?? [])
      if (change.at > basket.createdAt) moments.add(change.at);
  }
  const history: StatusChange<BasketStatus>[] = [];
  for (const at of [...moments].sort((a, b) => a - b)) {
    const status = worstCaseStatus(payments.map((p) => (p === undefined ? undefined : statusAt(p, at))));
    if (history.at(-1)?.status !== status) history.push({ status, at });
  }
  return history;
}

/** How a consent stands at bank time `now`: its own status, or `SCA expired` once renewal is due (part 5.2 rule 7). */
export function consentStanding(consent: Consent, now: number): { label: string; live: boolean } {
  if (consent.status !== 'valid') return { label: consent.status, live: false };
  return now < consentRenewalDue(consent)
    ? { label: 'valid', live: true }
    : { label: 'SCA expired', live: false };
}

/** How a TPP session stands at bank time `now` (part 5.2 rule 6): live, replaced by a newer SCA, or expired. */
export function sessionStanding(session: ScaSession, now: number): 'live' | 'replaced' | 'expired' {
  // isSessionActive narrows its `ScaSession | null` argument: pass a copy so `session` keeps its type.
  const candidate: ScaSession | null = session;
  if (isSessionActive(candidate, now)) return 'live';
  return session.status === 'replaced' ? 'replaced' : 'expired';
}

/** A PSU as the views name them: the customer's name and national id, or the id alone. */
export function psuName(state: Pick<State, 'customers'>, nationalId: string): string {
  const customer = customerList(state).find((c) => c.customerNumber === nationalId);
  return customer === undefined ? nationalId : `${customer.customerName} (${nationalId})`;
}

/** The account a payment is debited from, as the PSU knows it: BBAN, or the card's masked PAN. */
export function debtorLabel(state: Pick<State, 'accounts' | 'cardAccounts'>, payment: Payment): string {
  const { kind, id } = payment.debtorAccount;
  if (kind === 'card') return cardAccountById(state, id)?.maskedPan ?? id;
  return accountById(state, id)?.bban ?? id;
}

/** Names for account and card-account ids (a consent's grants). */
export function holdingName(state: Pick<State, 'accounts' | 'cardAccounts'>, id: string): string {
  return accountById(state, id)?.accountName ?? cardAccountById(state, id)?.maskedPan ?? id;
}
