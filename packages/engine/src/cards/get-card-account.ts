import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { cardView, consentedCard } from './views.js';

/** GET /v1/card-accounts/{id}. */
export const getCardAccount: Operation = (draft, input, ctx) => {
  const found = consentedCard(draft, input, ctx, 'balances');
  if ('response' in found) return found.response;
  return json(200, { cardAccount: cardView(ctx, found.card) });
};
