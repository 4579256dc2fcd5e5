import { RENEWAL_MS } from './consents/access.js';
import { type Consent, PaymentStatus } from './core/state.js';

/**
 * The lifecycle rules an app needs to show the bank's state as the bank itself reads it (the
 * playground's views use these, never a copy): the statuses there are, the payment lifecycle's edges,
 * a signing basket's status from its payments, when a consent needs a new SCA and whether a TPP
 * session is live. The operations use the same functions and tables.
 */

/** part 3: every transactionStatus a payment can have, in the order of the state schema. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = PaymentStatus.options;

export {
  BASKET_STATUSES,
  type BasketStatus,
  basketStatusOf,
  worstCaseStatus,
} from './baskets/basket-status.js';
export {
  FINAL_STATUSES as FINAL_PAYMENT_STATUSES,
  TRANSITIONS as PAYMENT_TRANSITIONS,
} from './payments/transitions.js';
export { isActive as isSessionActive, SESSION_MS } from './sca/sessions.js';

/** part 5.2 rule 7: a consent's SCA must be renewed every 180 days. */
export const CONSENT_RENEWAL_MS = RENEWAL_MS;

/**
 * Bank time (epoch ms) from which the consent needs a new SCA (part 5.2 rule 7): its last SCA plus
 * 180 days. Account lists and transaction history have shorter windows (docs/decisions/consent-and-session.md).
 */
export function consentRenewalDue(consent: Pick<Consent, 'scaAt'>): number {
  return consent.scaAt + RENEWAL_MS;
}
