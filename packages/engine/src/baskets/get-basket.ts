import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { SigningBasket } from '../core/state.js';
import { basketLinks, basketStatusOf, ownBasket } from './basket-status.js';

/** GET /v1/signing-baskets/{basketId} (docs/platform-facts.md §1). */
export const getSigningBasket: Operation = (draft, input, ctx) => {
  const basket = ownBasket(draft, input.params, ctx, input.headers) as SigningBasket;
  return json(200, {
    basketId: basket.basketId,
    payments: [...basket.paymentIds],
    transactionStatus: basketStatusOf(draft, basket),
    _links: basketLinks(ctx, draft, basket),
  });
};

/** GET /v1/signing-baskets/{basketId}/status: the worst case over its payments (part 3 rule 1). */
export const getSigningBasketStatus: Operation = (draft, input, ctx) => {
  const basket = ownBasket(draft, input.params, ctx, input.headers);
  return json(200, { transactionStatus: basketStatusOf(draft, basket) });
};
