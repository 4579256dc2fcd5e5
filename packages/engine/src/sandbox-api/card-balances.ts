import { apiError } from '../core/errors.js';
import { canonicalAmount } from '../core/money.js';
import type { CardAccount } from '../core/state.js';
import type { BalanceIn } from './schemas.js';

/**
 * Card balances from a request (create card account, part 2.10 balance update): each balance type at
 * most once, in the card's currency, with the currency's minor units.
 */
export function cardBalances(
  balances: readonly BalanceIn[],
  currency: string,
  path: (i: number) => string,
): CardAccount['balances'] {
  const seen = new Set<string>();
  return balances.map((balance, i) => {
    if (seen.has(balance.balanceType)) {
      throw apiError('FORMAT_ERROR', `${path(i)}.balanceType: ${balance.balanceType} is given twice`, {
        path: `${path(i)}.balanceType`,
      });
    }
    seen.add(balance.balanceType);
    if (balance.balanceAmount.currency !== currency) {
      throw apiError(
        'FORMAT_ERROR',
        `${path(i)}.balanceAmount.currency must be the card currency ${currency}`,
        {
          path: `${path(i)}.balanceAmount.currency`,
        },
      );
    }
    return {
      balanceType: balance.balanceType,
      amount: canonicalAmount(balance.balanceAmount.amount, currency),
    };
  });
}
