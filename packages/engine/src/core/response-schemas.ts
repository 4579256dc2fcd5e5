import * as z from 'zod/mini';
import { BALANCE_TYPES } from './codes.js';

/**
 * Pieces of the successful answers, for `route.response`: the OpenAPI document shows them, and
 * `checkResponses` holds every answer to them.
 */

/** ISO 4217 alphabetic code, as Berlin Group's `currencyCode` pattern (an imported state may hold any). */
export const CurrencyOut = z.string().check(z.regex(/^[A-Z]{3}$/));

/** part 2.1 Link: `href` and `verbs` (docs/platform-facts.md §2). */
export const LinkOut = z.strictObject({
  href: z.string(),
  verbs: z.array(z.enum(['GET', 'PUT', 'POST', 'DELETE'])).check(z.minLength(1)),
});

/** part 2.1 `_links`: a map from a link name to a Link. */
export const LinksOut = z.record(z.string(), LinkOut);

/** part 9: a JSON number by default, a decimal string under `x-accept-fix: amount-as-string`. */
export const AmountOut = z.strictObject({
  amount: z.union([z.number(), z.string().check(z.regex(/^-?\d{1,18}(\.\d{1,5})?$/))]),
  currency: CurrencyOut,
});

/** part 2.6 account reference: bban max 30, iban max 34. */
export const AccountRefOut = z.strictObject({
  bban: z.optional(z.string().check(z.maxLength(30))),
  iban: z.optional(z.string().check(z.maxLength(34))),
  currency: z.optional(CurrencyOut),
});

export const BalanceOut = z.strictObject({
  balanceAmount: AmountOut,
  balanceType: z.enum(BALANCE_TYPES),
});

/** ISO 8601 calendar date (part 1). */
export const DateOut = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** An answer that only sends the PSU to the bank (part 5.2 rule 1). */
export const ScaRedirectOut = z.object({ _links: z.strictObject({ scaRedirect: LinkOut }) });
