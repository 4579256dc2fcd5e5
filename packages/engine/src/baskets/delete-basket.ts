import { apiError } from '../core/errors.js';
import { empty } from '../core/http.js';
import { paymentById, removeBasket } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { basketDeletable, basketStatusOf, ownBasket } from './basket-status.js';

/**
 * DELETE /v1/signing-baskets/{basketId}: removes a basket none of whose payments has been authorised;
 * its payments stay as they are (RCVD, or CANC/RJCT) and may be authorised alone or in another basket.
 */
export const deleteSigningBasket: Operation = (draft, input, ctx) => {
  const basket = ownBasket(draft, input.params, ctx, input.headers);
  if (!basketDeletable(draft, basket)) {
    throw apiError(
      'CONFLICT',
      `the basket is ${basketStatusOf(draft, basket)}: a basket can be deleted only while none of its payments is authorised`,
      { path: 'basketId' },
    );
  }
  for (const id of basket.paymentIds) {
    const payment = paymentById(draft, id);
    if (payment?.basketId === basket.basketId) payment.basketId = null;
  }
  removeBasket(draft, input.params.basketId ?? '');
  return empty(204);
};
