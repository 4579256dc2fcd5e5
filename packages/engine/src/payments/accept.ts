import type { Draft } from 'immer';
import { isoDate, parseIsoDate } from '../core/dates.js';
import { addAmounts } from '../core/money.js';
import type { Payment, State } from '../core/state.js';
import { runStandingOrder } from './batch.js';
import { type BookingDetails, hasFunds, reserve } from './booking.js';
import { addDays, isBankingDay, lastBatchAt, shiftToBankingDay } from './calendar.js';
import { executeInstruction } from './execute.js';
import { convert } from './fx.js';
import { injectedStatus } from './injected-status.js';
import { INSTANT, PERIODIC_RUN_MINUTES } from './products.js';
import { transition } from './transitions.js';

/** What the payment will take from the debtor account: every transfer plus the fee, in its currency. */
function totalDebit(payment: Draft<Payment>): string {
  const debtor = payment.debtorAccount;
  return addAmounts(
    debtor.currency,
    convert(payment.fee.amount, payment.fee.currency, debtor.currency),
    ...payment.instructions.map((i) =>
      convert(i.instructedAmount.amount, i.instructedAmount.currency, debtor.currency),
    ),
  );
}

/**
 * The payment is authorised (SCA approved or exempt): RCVD → ACTC, then on to where it waits
 * (docs/decisions/payment-lifecycle.md). Instant payments settle at once; standing orders become
 * active; future-dated payments wait in PDNG; others are accepted for the next batch, on the next
 * banking day (ACWC) when today is not one or today's last batch has run.
 */
export function acceptPayment(
  draft: Draft<State>,
  payment: Draft<Payment>,
  now: number,
  reason: string,
): void {
  // Fault rules may decide the status instead (docs/faults.md).
  if (injectedStatus(draft, payment, now, reason)) return;
  transition(payment, 'ACTC', now, reason);
  const today = isoDate(now);
  if (payment.product === INSTANT) {
    const instruction = payment.instructions[0];
    const result = instruction ? executeInstruction(draft, payment, instruction, now, true) : 'lacking';
    payment.fundsAvailable = result !== 'lacking';
    if (result === 'lacking') {
      if (instruction) instruction.state = 'rejected';
      payment.psuMessage = 'Betalingen ble avvist: ikke dekning på kontoen.';
      transition(payment, 'RJCT', now, 'insufficient funds for an instant payment');
      return;
    }
    transition(payment, 'ACSP', now, 'instant settlement');
    transition(payment, 'ACSC', now, 'booked');
    return;
  }
  if (payment.periodic !== null) {
    transition(payment, 'ACWP', now, 'standing order active');
    // A standing order due today whose run has passed executes at once rather than a day late.
    if (isBankingDay(today) && now >= parseIsoDate(today) + PERIODIC_RUN_MINUTES * 60_000)
      runStandingOrder(draft, payment, { kind: 'periodic', at: now, date: today, lastOfDay: false });
    return;
  }
  const total = totalDebit(payment);
  payment.fundsAvailable = hasFunds(draft, payment.debtorAccount, total);
  if (payment.executionDate > today) {
    const shifted = shiftToBankingDay(payment.executionDate);
    if (shifted !== payment.executionDate) payment.executionDate = shifted;
    transition(payment, 'PDNG', now, `waiting for the execution date ${payment.executionDate}`);
    return;
  }
  if (!isBankingDay(today) || now >= lastBatchAt(today)) {
    payment.executionDate = shiftToBankingDay(addDays(today, 1));
    transition(payment, 'ACWC', now, `execution moved to the next banking day ${payment.executionDate}`);
  } else {
    payment.executionDate = today;
    transition(payment, 'ACCP', now, 'accepted for the next batch');
  }
  // A covered payment due for the next batch shows as pending on the debtor account until booked.
  if (payment.fundsAvailable) {
    payment.reservationId = reserve(draft, payment.debtorAccount, total, reservationDetails(payment), now);
  }
}

function reservationDetails(payment: Draft<Payment>): BookingDetails {
  const only = payment.instructions.length === 1 ? payment.instructions[0] : undefined;
  if (only === undefined) return { paymentId: payment.paymentId, text: 'Massebetaling' };
  const details: BookingDetails = {
    paymentId: payment.paymentId,
    text: `Betaling ${only.creditorName}`,
    creditorName: only.creditorName,
    creditorAccount: { ...only.creditorAccount },
  };
  if (only.remittanceInformationUnstructured !== undefined)
    details.remittanceInformationUnstructured = only.remittanceInformationUnstructured;
  return details;
}
