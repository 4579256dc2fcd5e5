import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Payment, PaymentStatus } from '../../src/core/state.js';
import {
  canTransition,
  IllegalTransitionError,
  TRANSITIONS,
  transition,
} from '../../src/payments/transitions.js';

const STATUSES = Object.keys(TRANSITIONS) as PaymentStatus[];

function bare(status: PaymentStatus): Payment {
  return { paymentId: 'p', transactionStatus: status, statusHistory: [] } as unknown as Payment;
}

describe('payment transition table', () => {
  it('refuses an edge not in the diagram and leaves the payment unchanged', () => {
    const payment = bare('RCVD');
    expect(() => transition(payment, 'ACSC', 0)).toThrow(IllegalTransitionError);
    expect(payment.transactionStatus).toBe('RCVD');
    expect(payment.statusHistory).toEqual([]);
  });

  it('records every allowed edge in the history with the bank time', () => {
    const payment = bare('RCVD');
    transition(payment, 'ACTC', 5, 'SCA approved');
    expect(payment.statusHistory).toEqual([{ status: 'ACTC', at: 5, reason: 'SCA approved' }]);
  });

  it('final statuses have no way out', () => {
    for (const status of ['ACSC', 'PART', 'RJCT', 'CANC'] as const) expect(TRANSITIONS[status]).toEqual([]);
  });

  it('accepts exactly the listed edges (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), fc.constantFrom(...STATUSES), (from, to) => {
        const payment = bare(from);
        let threw = false;
        try {
          transition(payment, to, 1);
        } catch {
          threw = true;
        }
        expect(threw).toBe(!canTransition(from, to));
        expect(payment.transactionStatus).toBe(threw ? from : to);
      }),
    );
  });
});
