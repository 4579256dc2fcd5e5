import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { consentedAccount } from './get-account.js';
import { accountPath, balancesOf, link } from './views.js';

/** GET /v1/accounts/{id}/balances: closingBooked and expected (docs/platform-facts.md §2). */
export const getBalances: Operation = (draft, input, ctx) => {
  const found = consentedAccount(draft, input, ctx, 'balances');
  if ('response' in found) return found.response;
  const { account } = found;
  return json(200, {
    account: { bban: account.bban, iban: account.iban, currency: account.currency },
    balances: balancesOf(ctx, account),
    _links: { account: link(accountPath(ctx, account.id)) },
  });
};
