import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { cardAccountInPath } from './lookup.js';
import { cardAccountView } from './views.js';

/** GET /v1/sandbox/card-accounts/{mockCardAccountId} (part 4.2 item 9): `{"cardAccount": …}` per part 2.8. */
export const getCardAccount: Operation = (draft, input, ctx) => {
  const card = cardAccountInPath(draft, input.params.mockCardAccountId ?? '');
  return json(200, { cardAccount: cardAccountView(ctx, card) });
};
