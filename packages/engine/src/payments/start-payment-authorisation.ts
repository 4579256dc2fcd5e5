import { apiError } from '../core/errors.js';
import type { Operation } from '../core/router.js';
import { authorisationStarted, restartHeaders, startAuthorisation } from '../sca/start-authorisation.js';
import { ownPayment } from './present.js';
import type { PaymentService } from './products.js';

/** POST …/{paymentId}/authorisations (docs/platform-facts.md §1): a new SCA for a payment awaiting one. */
function start(service: PaymentService): Operation {
  return (draft, input, ctx) => {
    const payment = ownPayment(draft, input.params, service, ctx, input.headers);
    if (payment.transactionStatus !== 'RCVD') {
      throw apiError(
        'CONFLICT',
        `the payment is ${payment.transactionStatus}: only a payment awaiting authorisation (RCVD) can be authorised`,
      );
    }
    const started = startAuthorisation(draft, ctx, {
      kind: 'payment',
      resourceIds: [payment.paymentId],
      headers: restartHeaders(payment, input.headers),
    });
    payment.authorisationIds.push(started.authorisationId);
    return authorisationStarted(started);
  };
}

export const startSinglePaymentAuthorisation: Operation = (d, i, c) => start('payments')(d, i, c);
export const startPeriodicPaymentAuthorisation: Operation = (d, i, c) => start('periodic-payments')(d, i, c);
export const startBulkPaymentAuthorisation: Operation = (d, i, c) => start('bulk-payments')(d, i, c);
