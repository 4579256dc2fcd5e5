import type { Draft } from 'immer';
import type { Payment, PaymentStatus } from '../core/state.js';

/**
 * The payment lifecycle (docs/decisions/payment-lifecycle.md): every edge of the diagram, and no
 * other. Every status change goes through `transition`, which refuses an edge not listed here.
 */
export const TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  // Received: waiting for SCA.
  RCVD: ['ACTC', 'RJCT', 'CANC'],
  // SCA done (or exempt), technical validation passed.
  ACTC: ['ACCP', 'ACWC', 'PDNG', 'ACWP', 'ACSP', 'RJCT'],
  // Future-dated, waiting for its execution date (part 3 rule 3: cannot be deleted).
  PDNG: ['ACCP'],
  // Accepted for execution in the next batch; may lack funds (fundsAvailable false, part 3 rule 2).
  ACCP: ['ACSP', 'RJCT'],
  // Accepted with change: the execution date moved to the next banking day.
  ACWC: ['ACSP', 'RJCT'],
  // Standing order active: each execution is booked on its own; ends when the schedule ends or is stopped.
  ACWP: ['ACSC', 'CANC'],
  // In settlement: debited, on its way to the creditor.
  ACSP: ['ACSC', 'PART'],
  ACSC: [],
  PART: [],
  RJCT: [],
  CANC: [],
};

export const FINAL_STATUSES: readonly PaymentStatus[] = ['ACSC', 'PART', 'RJCT', 'CANC'];

export class IllegalTransitionError extends Error {
  constructor(from: PaymentStatus, to: PaymentStatus, paymentId: string) {
    super(`payment ${paymentId}: the lifecycle has no edge ${from} → ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The one way a payment changes status: asserts the edge is in the table and records it in the
 * status history with the bank time. An illegal edge is a programmer error (500, state untouched).
 */
export function transition(payment: Draft<Payment>, to: PaymentStatus, at: number, reason?: string): void {
  const from = payment.transactionStatus;
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to, payment.paymentId);
  payment.transactionStatus = to;
  payment.statusHistory.push(reason === undefined ? { status: to, at } : { status: to, at, reason });
}
