import { link } from '../accounts/views.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { cardBalances, cardPath, consentedCard } from './views.js';

/** GET /v1/card-accounts/{id}/balances (docs/platform-facts.md §2). */
export const getCardBalances: Operation = (draft, input, ctx) => {
  const found = consentedCard(draft, input, ctx, 'balances');
  if ('response' in found) return found.response;
  return json(200, {
    cardAccount: { maskedPan: found.card.maskedPan },
    balances: cardBalances(ctx, found.card),
    _links: { account: link(cardPath(ctx, found.card.id)) },
  });
};
