import { resolveAccess } from '../consents/access.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { Account } from '../core/state.js';
import { accountView, coveredIds } from './views.js';

/**
 * GET /v1/accounts: the consented accounts (part 5.2 rule 3). Lists work for about 60 minutes after
 * the consent SCA (docs/platform-facts.md §5); before consent, or after, the answer carries an scaRedirect.
 */
export const listAccounts: Operation = (draft, input, ctx) => {
  const result = resolveAccess(draft, input, ctx, 'list');
  if (!result.ok) return result.response;
  const withBalance = input.query.withBalance?.[0] === 'true';
  const { accounts } = coveredIds(draft, result.access);
  const list = Object.values(draft.accounts)
    .filter((a) => accounts.has(a.id))
    .map((a) => accountView(ctx, a as Account, withBalance));
  return json(200, { accounts: list });
};
