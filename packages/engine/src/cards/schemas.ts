import * as z from 'zod/mini';
import { AmountOut, BalanceOut, CurrencyOut, DateOut, LinkOut, LinksOut } from '../core/response-schemas.js';

/** The card-account answers (docs/platform-facts.md §2), for `route.response`. */

export const CardAccountOut = z.strictObject({
  resourceId: z.string(),
  maskedPan: z.string(),
  currency: CurrencyOut,
  // part 9 `longer-names`: 35 characters, 70 with the fix.
  name: z.string().check(z.maxLength(70)),
  product: z.string(),
  status: z.enum(['enabled', 'deleted', 'blocked']),
  creditLimit: AmountOut,
  balances: z.array(BalanceOut),
  _links: z.strictObject({ self: LinkOut, balances: LinkOut, transactions: LinkOut }),
});

export const CardAccountListOut = z.object({ cardAccounts: z.array(CardAccountOut) });
export const CardAccountDetailsOut = z.object({ cardAccount: CardAccountOut });

const MaskedPan = z.strictObject({ maskedPan: z.string() });

export const CardBalancesOut = z.object({
  cardAccount: MaskedPan,
  balances: z.array(BalanceOut),
  _links: z.strictObject({ account: LinkOut }),
});

export const CardTransactionOut = z.strictObject({
  // Berlin Group 1.3.6: Max35Text.
  cardTransactionId: z.string().check(z.maxLength(35)),
  bookingDate: DateOut,
  transactionDate: DateOut,
  transactionAmount: AmountOut,
  originalAmount: AmountOut,
  merchantCategoryCode: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  transactionDetails: z.optional(z.string()),
});

export const CardTransactionListOut = z.object({
  cardAccount: MaskedPan,
  cardTransactions: z.strictObject({
    booked: z.array(CardTransactionOut),
    pending: z.optional(z.array(CardTransactionOut)),
    _links: LinksOut,
  }),
});
