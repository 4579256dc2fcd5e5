import type { Draft } from 'immer';
import type { FaultRule } from '../core/fault-state.js';
import { paymentById } from '../core/records.js';
import type { Authorisation, Payment, State } from '../core/state.js';
import { anyLive, describeEffect, takeRule } from './match.js';

/**
 * The hooks the SCA pages and the payment lifecycle call (docs/faults.md): they find the rule that
 * decides an SCA's or a payment's outcome, and count it on the draft, so the rule's counter is
 * committed with the change the outcome makes. They match by TPP, PSU and payment product.
 */
export interface TakenFault {
  rule: FaultRule;
  /** `<rule id>; <effect>`, for the `X-Sandbank-Fault` header. */
  label: string;
}

function taken(rule: FaultRule | null, now: number): TakenFault | null {
  return rule === null ? null : { rule, label: `${rule.id}; ${describeEffect(rule.effect, now)}` };
}

/** The SCA effect for this authorisation, if a rule asks for one (GET and POST of its pages). */
export function takeScaFault(
  draft: Draft<State>,
  authorisation: Authorisation,
  now: number,
): TakenFault | null {
  if (!anyLive(draft.faults.rules, ['sca'], now)) return null;
  const payment =
    authorisation.kind === 'payment' ? paymentById(draft, authorisation.resourceIds[0] ?? '') : undefined;
  const facts = {
    operation: null,
    method: null,
    path: null,
    psuId: authorisation.psuId,
    tpp: authorisation.tppId,
    paymentProduct: payment?.product ?? null,
  };
  return taken(takeRule(draft.faults.rules, ['sca'], facts, now, draft.meta.seed), now);
}

/** The status a rule gives this payment as it is authorised, if any. */
export function takePaymentFault(draft: Draft<State>, payment: Payment, now: number): TakenFault | null {
  if (!anyLive(draft.faults.rules, ['paymentStatus'], now)) return null;
  const facts = {
    operation: null,
    method: null,
    path: null,
    psuId: payment.psuId,
    tpp: payment.tppId,
    paymentProduct: payment.product,
  };
  return taken(takeRule(draft.faults.rules, ['paymentStatus'], facts, now, draft.meta.seed), now);
}

/** A payment a `paymentStatus: PDNG` rule keeps pending: the batch leaves it until the rules are cleared. */
export function isHeld(state: State, paymentId: string): boolean {
  return state.faults.held.includes(paymentId);
}
