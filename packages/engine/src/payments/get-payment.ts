import { current, isDraft } from 'immer';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { Payment } from '../core/state.js';
import { assertReadable, echoBody, ownPayment } from './present.js';
import type { PaymentService } from './products.js';

function readPayment(service: PaymentService): Operation {
  return (draft, input, ctx) => {
    const found = ownPayment(draft, input.params, service, ctx, input.headers);
    // The echo copies nested request objects, which must outlive the draft.
    const payment = (isDraft(found) ? current(found) : found) as Payment;
    assertReadable(payment);
    return json(200, echoBody(ctx, payment));
  };
}

/** GET /v1/{payment-service}/{payment-product}/{paymentId} (docs/platform-facts.md §1): the request echoed. */
export const getSinglePayment: Operation = (d, i, c) => readPayment('payments')(d, i, c);
export const getPeriodicPayment: Operation = (d, i, c) => readPayment('periodic-payments')(d, i, c);
export const getBulkPayment: Operation = (d, i, c) => readPayment('bulk-payments')(d, i, c);
