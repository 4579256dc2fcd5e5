import { apiError } from '../core/errors.js';
import { empty } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { ownPayment } from './present.js';
import type { PaymentService } from './products.js';
import { transition } from './transitions.js';

/**
 * DELETE a payment (part 4.2 item 12: every product): an unsigned payment (RCVD) is cancelled, an
 * active standing order (ACWP) stopped; both answer 204. PDNG cannot be deleted (part 3 rule 3);
 * signed or executed payments neither. Refusals are 409 CONFLICT with the reason.
 */
function cancel(service: PaymentService): Operation {
  return (draft, input, ctx) => {
    const payment = ownPayment(draft, input.params, service, ctx, input.headers);
    const status = payment.transactionStatus;
    if (status === 'RCVD' || status === 'ACWP') {
      transition(
        payment,
        'CANC',
        ctx.now,
        status === 'RCVD' ? 'deleted by the TPP' : 'standing order stopped by the TPP',
      );
      return empty(204);
    }
    const reason =
      status === 'PDNG'
        ? `the payment is pending (PDNG) until its execution date ${payment.executionDate} and cannot be deleted (part 3 rule 3); the PSU can stop it in the bank's own channels`
        : status === 'ACSC' || status === 'ACSP' || status === 'PART'
          ? `the payment has been executed (${status}) and can no longer be deleted`
          : status === 'RJCT' || status === 'CANC'
            ? `the payment is already ${status === 'RJCT' ? 'rejected' : 'cancelled'}`
            : `the payment is signed (${status}) and will be executed; a signed payment can no longer be deleted through the API`;
    throw apiError('CONFLICT', reason, { path: 'paymentId' });
  };
}

export const cancelSinglePayment: Operation = (d, i, c) => cancel('payments')(d, i, c);
export const cancelPeriodicPayment: Operation = (d, i, c) => cancel('periodic-payments')(d, i, c);
export const cancelBulkPayment: Operation = (d, i, c) => cancel('bulk-payments')(d, i, c);
