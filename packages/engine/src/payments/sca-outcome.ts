import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import { basketById, paymentById } from '../core/records.js';
import type { Authorisation, Payment, State } from '../core/state.js';
import type { ScaOutcome, ScaPsu } from '../sca/outcome-types.js';
import {
  agreementByCorporateId,
  agreementsOf,
  type Grantable,
  grantable,
  holdsPrivately,
} from '../sca/psu.js';
import { acceptPayment } from './accept.js';
import { transition } from './transitions.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * briefs/sca-interface.md: the PSU approves only from an account it may use: its own (private) or
 * one granted through the corporate agreement (corporate; PSU-Corporate-ID names the agreement).
 */
export function mayUseDebtor(
  draft: State | Draft<State>,
  payment: Payment | Draft<Payment>,
  psu: ScaPsu,
): boolean {
  const state = draft as State;
  const debtor = payment.debtorAccount;
  const holds = (g: Grantable) =>
    debtor.kind === 'card'
      ? g.cardAccounts.some((c) => c.id === debtor.id)
      : g.accounts.some((a) => a.id === debtor.id);
  if (psu.context === 'PRIVATE') return holdsPrivately(state, psu.nationalId, debtor.kind, debtor.id);
  // PSU-Corporate-ID names the agreement (a UUID per agreement and TPP, part 5.3).
  const agreements =
    psu.corporateId === undefined
      ? agreementsOf(state, psu.nationalId)
      : [agreementByCorporateId(state, psu.corporateId, payment.tppId)].filter((a) => a !== null);
  return agreements.some((a) => holds(grantable(state, psu.nationalId, 'CORPORATE', a.agreementId)));
}

/** Dynamic linking: the PSU sees what it approves (escaped text only). */
function describePayment(payment: Payment): string {
  const lines = payment.instructions.map(
    (i) =>
      `${escapeHtml(i.instructedAmount.amount)} ${escapeHtml(i.instructedAmount.currency)} til ${escapeHtml(i.creditorName)} (${escapeHtml(
        i.creditorAccount.bban ?? i.creditorAccount.iban ?? '',
      )})`,
  );
  const when = payment.periodic
    ? `, ${escapeHtml(payment.periodic.frequency)} fra ${escapeHtml(payment.periodic.startDate)}`
    : '';
  return `<p>Betaling${when}:</p><ul>${lines.map((l) => `<li>${l}</li>`).join('')}</ul>`;
}

function approveOne(draft: Draft<State>, payment: Draft<Payment>, psu: ScaPsu, now: number): void {
  if (payment.transactionStatus !== 'RCVD') {
    throw apiError(
      'PAYMENT_FAILED',
      `the payment is ${payment.transactionStatus} and no longer awaits approval`,
    );
  }
  if (payment.psuIdentity !== null && payment.psuIdentity !== psu.nationalId) {
    throw apiError(
      'PAYMENT_FAILED',
      'the PSU who authenticated is not the one the TPP named in X-PSU-IDENTITY',
    );
  }
  if (!mayUseDebtor(draft, payment, psu)) {
    throw apiError('PAYMENT_FAILED', 'the debtor account is not an account this PSU may pay from');
  }
  if (payment.psuId === null) payment.psuId = psu.psuId;
  acceptPayment(draft, payment, now, 'SCA approved');
}

export const paymentScaOutcome: ScaOutcome = {
  describe(state, authorisation) {
    const payment = paymentById(state, authorisation.resourceIds[0] ?? '');
    return payment ? describePayment(payment) : '<p>Betalingen finnes ikke.</p>';
  },
  approve(draft, authorisation, psu, ctx) {
    const payment = paymentById(draft, authorisation.resourceIds[0] ?? '');
    if (payment === undefined) throw apiError('PAYMENT_FAILED', 'the payment no longer exists');
    approveOne(draft, payment, psu, ctx.now);
  },
  cancel(draft, authorisation, ctx) {
    const payment = paymentById(draft, authorisation.resourceIds[0] ?? '');
    if (payment?.transactionStatus === 'RCVD')
      transition(payment, 'RJCT', ctx.now, 'SCA cancelled or failed');
  },
};

/** The basket's payments; none when the TPP deleted the basket after its SCA started. */
function basketPayments(draft: Draft<State>, authorisation: Authorisation): Draft<Payment>[] {
  const basket = basketById(draft, authorisation.resourceIds[0] ?? '');
  if (basket === undefined) return [];
  return basket.paymentIds
    .map((id) => paymentById(draft, id))
    .filter((p): p is Draft<Payment> => p !== undefined);
}

/**
 * One SCA for every payment in the basket (part 2.5). Not atomic (part 3 rule 1): a payment the PSU
 * may not pay from is rejected while the others go on; only when none can be approved does the SCA fail.
 */
export const basketScaOutcome: ScaOutcome = {
  describe(state, authorisation) {
    const basket = basketById(state, authorisation.resourceIds[0] ?? '');
    if (!basket) return '<p>Signeringskurven finnes ikke.</p>';
    const payments = basket.paymentIds
      .map((id) => paymentById(state, id))
      .filter((p): p is Payment => p !== undefined);
    return `<p>${payments.length} betalinger:</p>${payments.map(describePayment).join('')}`;
  },
  approve(draft, authorisation, psu, ctx) {
    if (basketById(draft, authorisation.resourceIds[0] ?? '') === undefined)
      throw apiError('PAYMENT_FAILED', 'the signing basket no longer exists: the TPP deleted it');
    const waiting = basketPayments(draft, authorisation).filter((p) => p.transactionStatus === 'RCVD');
    const allowed = waiting.filter(
      (p) => mayUseDebtor(draft, p, psu) && (p.psuIdentity === null || p.psuIdentity === psu.nationalId),
    );
    if (allowed.length === 0) {
      throw apiError(
        'PAYMENT_FAILED',
        'none of the payments in the basket can be paid from accounts this PSU may use',
      );
    }
    for (const payment of waiting) {
      if (allowed.includes(payment)) approveOne(draft, payment, psu, ctx.now);
      else transition(payment, 'RJCT', ctx.now, 'the debtor account is not one the PSU may pay from');
    }
  },
  // A deleted basket's payments left it (baskets/delete-basket.ts): its SCA failing rejects none of them.
  cancel(draft, authorisation, ctx) {
    for (const payment of basketPayments(draft, authorisation)) {
      if (payment.transactionStatus === 'RCVD')
        transition(payment, 'RJCT', ctx.now, 'basket SCA cancelled or failed');
    }
  },
};
