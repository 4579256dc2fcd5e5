import { apiError } from '../core/errors.js';
import type { Operation } from '../core/router.js';
import { authorisationStarted, restartHeaders, startAuthorisation } from '../sca/start-authorisation.js';
import { basketStatusOf, ownBasket } from './basket-status.js';

/**
 * POST /v1/signing-baskets/{basketId}/authorisations: a new SCA for a basket whose payments, all or
 * some (PATC: others were signed on their own), still await one; it signs those that wait.
 */
export const startSigningBasketAuthorisation: Operation = (draft, input, ctx) => {
  const basket = ownBasket(draft, input.params, ctx, input.headers);
  const status = basketStatusOf(draft, basket);
  if (status !== 'RCVD' && status !== 'PATC') {
    throw apiError(
      'CONFLICT',
      `the basket is ${status}: only a basket with payments awaiting authorisation (RCVD, PATC) can be authorised`,
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
