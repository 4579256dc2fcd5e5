import * as z from 'zod/mini';
import { BALANCE_TYPES } from '../core/codes.js';
import { empty, json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';
import { cardBalances } from './card-balances.js';
import { cardAccountInPath } from './lookup.js';
import { BalanceIn } from './schemas.js';
import { reportStored } from './stored.js';

/** part 2.10: an array of `{balanceAmount:{currency, amount}, balanceType}`. */
export const ChangeCardBalancesBody = z
  .array(BalanceIn)
  .check(
    z.minLength(1, { error: 'must hold at least one balance' }),
    z.maxLength(3, { error: 'must hold at most one balance per balanceType' }),
  );

/**
 * PUT /v1/sandbox/card-accounts/{mockCardAccountId}/balances (part 4.2 item 11): sets the given
 * balance types to the given amounts; balance types not in the body keep their amount. 204, or 200
 * with the WARNINGs when a balance type was sent in another case.
 */
export const changeCardBalances: Operation = (draft, input, ctx) => {
  const card = cardAccountInPath(draft, input.params.mockCardAccountId ?? '');
  const body = parseWith(ChangeCardBalancesBody, input.body, 'body');
  reportStored(ctx, input.body, body);
  const updates = cardBalances(body, card.currency, (i) => `[${i}]`);
  const next = card.balances.filter((b) => !updates.some((u) => u.balanceType === b.balanceType));
  card.balances = [...next, ...updates].sort(
    (a, b) => BALANCE_TYPES.indexOf(a.balanceType) - BALANCE_TYPES.indexOf(b.balanceType),
  );
  // 204 has no body to carry warnings: an answer that has some is 200 with only `tppMessages`.
  return ctx.warnings.length > 0 ? json(200, {}) : empty(204);
};
