import type { Draft } from 'immer';
import { isoDate } from '../core/dates.js';
import type { Payment, State } from '../core/state.js';
import { takePaymentFault } from '../faults/outcomes.js';
import { transition } from './transitions.js';

/**
 * A payment status a fault rule asks for as the payment is authorised (docs/faults.md): it ends RJCT,
 * is ACCP with `fundsAvailable: false` (the batch checks the funds again when it runs), or stays PDNG
 * until the rules are cleared. True when a rule decided; the normal acceptance then does not run.
 */
export function injectedStatus(
  draft: Draft<State>,
  payment: Draft<Payment>,
  now: number,
  reason: string,
): boolean {
  const fault = takePaymentFault(draft, payment, now);
  if (fault === null || !('paymentStatus' in fault.rule.effect)) return false;
  const effect = fault.rule.effect;
  const why = `${effect.text ?? `status set by fault rule ${fault.rule.id}`} (${fault.label})`;
  transition(payment, 'ACTC', now, reason);
  payment.fundsAvailable = false;
  if (effect.paymentStatus === 'RJCT') {
    for (const instruction of payment.instructions) instruction.state = 'rejected';
    payment.psuMessage = effect.text ?? 'Betalingen ble avvist.';
    transition(payment, 'RJCT', now, why);
  } else if (effect.paymentStatus === 'ACCP') {
    if (payment.executionDate < isoDate(now)) payment.executionDate = isoDate(now);
    transition(payment, 'ACCP', now, why);
  } else {
    draft.faults.held.push(payment.paymentId);
    transition(payment, 'PDNG', now, why);
  }
  return true;
}
