import { empty } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { accountInPath, removeAccounts } from './lookup.js';

/** DELETE /v1/sandbox/accounts/{mockAccountId}: the account, its transactions and the engagements granting it. */
export const deleteAccount: Operation = (draft, input) => {
  const account = accountInPath(draft, input.params.mockAccountId ?? '');
  removeAccounts(draft, [account.id]);
  return empty(204);
};
