import { resolveAccess } from '../consents/access.js';
import { accountsWithIds } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { coveredIds, writtenAccountViews } from './views.js';

/**
 * GET /v1/accounts: the consented accounts (part 5.2 rule 3). Lists work for about 60 minutes after
 * the consent SCA (docs/platform-facts.md §5); before consent, or after, the answer carries an scaRedirect.
 */
export const listAccounts: Operation = (draft, input, ctx) => {
  const result = resolveAccess(draft, input, ctx, 'list');
  if (!result.ok) return result.response;
  const withBalance = input.query.withBalance?.[0] === 'true';
  const { accounts } = coveredIds(draft, result.access);
  const written = writtenAccountViews(ctx, withBalance);
  const list = accountsWithIds(draft, accounts).map(written);
  // The items are written already (views.ts, writtenAccountViews).
  return { status: 200, headers: {}, json: { accounts: list }, written: true };
};
