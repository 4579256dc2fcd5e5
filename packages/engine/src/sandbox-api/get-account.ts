import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { accountInPath } from './lookup.js';
import { accountView } from './views.js';

/** GET /v1/sandbox/accounts/{mockAccountId} (part 4.2 item 7): an array holding the part 2.7 account. */
export const getAccount: Operation = (draft, input, ctx) => {
  const account = accountInPath(draft, input.params.mockAccountId ?? '');
  return json(200, [accountView(ctx, account)]);
};
