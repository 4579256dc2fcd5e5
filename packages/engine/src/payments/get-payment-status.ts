import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { Payment } from '../core/state.js';
import { assertReadable, ownPayment } from './present.js';
import type { PaymentService } from './products.js';

/**
 * part 4.2 item 3: `{transactionStatus, fundsAvailable?, psuMessage?}`; fundsAvailable appears once a
 * funds check happened (part 3 rule 2: ACCP with fundsAvailable false means funds are lacking).
 */
function readStatus(service: PaymentService): Operation {
  return (draft, input, ctx) => {
    const payment = ownPayment(draft, input.params, service, ctx, input.headers) as Payment;
    assertReadable(payment);
    const body: Record<string, unknown> = { transactionStatus: payment.transactionStatus };
    if (payment.fundsAvailable !== null) body.fundsAvailable = payment.fundsAvailable;
    if (payment.psuMessage !== null) body.psuMessage = payment.psuMessage;
    return json(200, body);
  };
}

export const getSinglePaymentStatus: Operation = (d, i, c) => readStatus('payments')(d, i, c);
export const getPeriodicPaymentStatus: Operation = (d, i, c) => readStatus('periodic-payments')(d, i, c);
export const getBulkPaymentStatus: Operation = (d, i, c) => readStatus('bulk-payments')(d, i, c);
