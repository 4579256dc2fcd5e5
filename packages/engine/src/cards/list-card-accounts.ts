import { coveredIds } from '../accounts/views.js';
import { resolveAccess } from '../consents/access.js';
import { json } from '../core/http.js';
import { cardAccountsWithIds } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { cardView } from './views.js';

/** GET /v1/card-accounts: consented card accounts; like account lists, for 60 minutes after SCA. */
export const listCardAccounts: Operation = (draft, input, ctx) => {
  const result = resolveAccess(draft, input, ctx, 'list');
  if (!result.ok) return result.response;
  const { cards } = coveredIds(draft, result.access);
  const cardAccounts = cardAccountsWithIds(draft, cards).map((c) => cardView(ctx, c));
  return json(200, { cardAccounts });
};
