import { apiError } from '../core/errors.js';
import type { Operation } from '../core/router.js';
import { authorisationStarted, restartHeaders, startAuthorisation } from '../sca/start-authorisation.js';
import { basketStatusOf, ownBasket } from './basket-status.js';

/** POST /v1/signing-baskets/{basketId}/authorisations: a new SCA for a basket awaiting one. */
export const startSigningBasketAuthorisation: Operation = (draft, input, ctx) => {
  const basket = ownBasket(draft, input.params, ctx, input.headers);
  const status = basketStatusOf(draft, basket);
  if (status !== 'RCVD') {
    throw apiError(
      'CONFLICT',
      `the basket is ${status}: only a basket awaiting authorisation (RCVD) can be authorised`,
    );
  }
  const started = startAuthorisation(draft, ctx, {
    kind: 'basket',
    resourceIds: [basket.basketId],
    headers: restartHeaders(basket, input.headers),
  });
  basket.authorisationIds.push(started.authorisationId);
  return authorisationStarted(started);
};
