import { z } from 'zod';
import { BALANCE_TYPES, CURRENCIES } from '../core/codes.js';
import { parseIsoDate } from '../core/dates.js';
import { fractionDigits, isDecimal, minorUnits, numberToDecimal } from '../core/money.js';

/**
 * Request pieces shared by the mock-data operations. Objects are `z.object`, not `z.strictObject`:
 * like the real platform, unknown fields are ignored rather than rejected.
 */

export const INT32_MAX = 2_147_483_647;

export const Currency = z.enum(CURRENCIES, {
  error: 'must be an ISO 4217 currency code from the part 2.1 list',
});

/** A text field of 1 to `max` characters. */
export function text(max: number) {
  return z
    .string()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });
}

export const Int32 = z
  .number({ error: 'must be an integer' })
  .int({ error: 'must be an integer' })
  .min(-INT32_MAX - 1, { error: 'must fit in int32' })
  .max(INT32_MAX, { error: 'must fit in int32' });

/** An ISO 8601 calendar date (`yyyy-mm-dd`) that exists. */
export const IsoDate = z
  .string({ error: 'must be a date (yyyy-mm-dd)' })
  .refine((v) => !Number.isNaN(parseIsoDate(v)), { error: 'must be a real date in the form yyyy-mm-dd' });

/**
 * A decimal amount sent as a JSON number or a decimal string. Numbers become their exact shortest
 * decimal text (never floating-point arithmetic); part 2.1 allows 18 digits before and 5 after the point.
 */
export const DecimalAmount = z
  .union([z.number(), z.string()], { error: 'must be a number or a decimal string' })
  .transform((value, ctx) => {
    const decimal = typeof value === 'number' && Number.isFinite(value) ? numberToDecimal(value) : value;
    if (typeof decimal === 'string' && isDecimal(decimal)) return decimal.replace(/^-0(\.0+)?$/, '0');
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be a decimal amount with at most 18 digits before and 5 after the point',
    });
    return z.NEVER;
  });

/** part 2.1 Amount: the fraction digits must match the currency's ISO 4217 minor units. */
export const MoneyIn = z.object({ amount: DecimalAmount, currency: Currency }).superRefine((money, ctx) => {
  const digits = minorUnits(money.currency);
  if (fractionDigits(money.amount) > digits) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: `${money.currency} allows at most ${digits} fraction digits (ISO 4217), got ${money.amount}`,
    });
  }
});
export type MoneyIn = z.infer<typeof MoneyIn>;

/** A balance in a request (part 2.7 create account, part 2.10 balance update). */
export const BalanceIn = z.object({ balanceType: z.enum(BALANCE_TYPES), balanceAmount: MoneyIn });
export type BalanceIn = z.infer<typeof BalanceIn>;

/** part 8: an account reference, bban max 30 and iban max 34 characters; at least one of them. */
export const AccountRefIn = z
  .object({
    bban: z
      .string()
      .regex(/^[A-Za-z0-9]{1,30}$/, { error: 'must be 1 to 30 letters or digits' })
      .optional(),
    iban: z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Za-z0-9]{1,30}$/, { error: 'must be an IBAN of at most 34 characters' })
      .optional(),
    currency: Currency.optional(),
  })
  .refine((ref) => ref.bban !== undefined || ref.iban !== undefined, {
    error: 'an account reference needs a bban or an iban',
  });
export type AccountRefIn = z.infer<typeof AccountRefIn>;

/** Query parameters shared by the mock-data listings (part 4.2 item 10). */
const QueryInt = (min: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: `must be an integer >= ${min}` })
    .transform(Number)
    .refine((n) => n >= min && n <= INT32_MAX, { error: `must be an integer >= ${min} that fits in int32` });

export const ListingQuery = z.object({
  fromDate: IsoDate.optional(),
  toDate: IsoDate.optional(),
  offset: QueryInt(0).optional(),
  limit: QueryInt(1).optional(),
});
export type ListingQuery = z.infer<typeof ListingQuery>;
