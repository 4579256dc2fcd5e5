import * as z from 'zod/mini';
import { BALANCE_TYPES, CURRENCIES } from '../core/codes.js';
import { parseIsoDate } from '../core/dates.js';
import { fractionDigits, isDecimal, minorUnits, numberToDecimal } from '../core/money.js';

/**
 * Request pieces shared by the mock-data operations. They accept what the platform's own mock-data
 * scripts send (docs/sandbox-api.md, "Accepted forms"): an enumeration in any case, a month as a
 * date. The parsed value is the canonical form the bank stores; `reportStored` (stored.ts) tells the
 * client where that differs from what it sent.
 */

export const INT32_MAX = 2_147_483_647;

/**
 * Classic zod's `.meta()`: a copy of `schema` carrying `metadata` in zod's global registry, which the
 * OpenAPI document's JSON Schema reads (a copy, so the schema it was made from keeps its own).
 */
function withMeta<T extends z.ZodMiniType>(schema: T, metadata: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, metadata);
  return copy;
}

/**
 * An enumeration matched without regard to case (`EXPECTED`, `Enabled`); the output is the
 * canonical spelling of the list.
 */
export function anyCase<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  const canonical = new Map<string, T[number]>(values.map((v) => [v.toLowerCase(), v]));
  return withMeta(
    z.pipe(
      // The canonical spellings as JSON Schema `examples` (on the input side: zod drops a transform's
      // own examples there), so the OpenAPI document and generated forms can offer them.
      withMeta(z.string({ error }), { examples: [...values] }),
      z.transform((value: string, ctx): T[number] => {
        const found = canonical.get(value.toLowerCase());
        if (found !== undefined) return found;
        ctx.issues.push({ code: 'custom', input: value, message: error });
        return z.NEVER;
      }),
    ),
    { description: `one of ${values.join(', ')}, in any case` },
  );
}

export const Currency = anyCase(CURRENCIES, 'must be an ISO 4217 currency code from the part 2.1 list');

const MONTH_ERROR = 'must be a month: yyyy-mm, a date yyyy-mm-dd in it, or mm/yy';

/**
 * A month (card expiry): `yyyy-mm`, or a date or date-time within it (`2020-01-01`, as the
 * platform's scripts send), or the card's own `mm/yy` / `mm/yyyy`. Stored as `yyyy-mm`.
 */
export const MonthIn = withMeta(
  z.pipe(
    z.string({ error: MONTH_ERROR }),
    z.transform((value: string, ctx) => {
      const iso = /^(\d{4})-(\d{2})(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?$/.exec(
        value,
      );
      const card = /^(\d{2})\/(\d{2}|\d{4})$/.exec(value);
      const year = iso?.[1] ?? (card?.[2]?.length === 2 ? `20${card[2]}` : card?.[2]);
      const month = iso?.[2] ?? card?.[1];
      const dayOk = iso?.[3] === undefined || !Number.isNaN(parseIsoDate(value.slice(0, 10)));
      if (year !== undefined && month !== undefined && month >= '01' && month <= '12' && dayOk) {
        return `${year}-${month}`;
      }
      ctx.issues.push({ code: 'custom', input: value, message: MONTH_ERROR });
      return z.NEVER;
    }),
  ),
  { description: 'yyyy-mm, yyyy-mm-dd or mm/yy; stored as yyyy-mm' },
);

/** An IBAN as people write it (`no93 8601 1117 947`): spaces dropped, letters upper-cased. */
export const IbanIn = z.pipe(
  z.pipe(
    z.string({ error: 'must be an IBAN' }),
    z.transform((value: string) => value.replace(/\s+/g, '').toUpperCase()),
  ),
  z
    .string()
    .check(z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/, { error: 'must be an IBAN of at most 34 characters' })),
);

/** A text field of 1 to `max` characters. */
export function text(max: number) {
  return z
    .string()
    .check(
      z.minLength(1, { error: 'must not be empty' }),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
    );
}

export const Int32 = z
  .number({ error: 'must be an integer' })
  .check(
    z.int({ error: 'must be an integer' }),
    z.gte(-INT32_MAX - 1, { error: 'must fit in int32' }),
    z.lte(INT32_MAX, { error: 'must fit in int32' }),
  );

/** An ISO 8601 calendar date (`yyyy-mm-dd`) that exists. */
export const IsoDate = withMeta(
  z.string({ error: 'must be a date (yyyy-mm-dd)' }).check(
    z.refine((v) => !Number.isNaN(parseIsoDate(v)), {
      error: 'must be a real date in the form yyyy-mm-dd',
    }),
  ),
  { format: 'date' },
);

/**
 * A decimal amount sent as a JSON number or a decimal string. Numbers become their exact shortest
 * decimal text (never floating-point arithmetic); part 2.1 allows 18 digits before and 5 after the point.
 */
export const DecimalAmount = z.pipe(
  z.union([z.number(), z.string()], { error: 'must be a number or a decimal string' }),
  z.transform((value: number | string, ctx) => {
    const decimal = typeof value === 'number' && Number.isFinite(value) ? numberToDecimal(value) : value;
    if (typeof decimal === 'string' && isDecimal(decimal)) return decimal.replace(/^-0(\.0+)?$/, '0');
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be a decimal amount with at most 18 digits before and 5 after the point',
    });
    return z.NEVER;
  }),
);

/** part 2.1 Amount: the fraction digits must match the currency's ISO 4217 minor units. */
export const MoneyIn = z.object({ amount: DecimalAmount, currency: Currency }).check(
  z.superRefine((money, ctx) => {
    const digits = minorUnits(money.currency);
    if (fractionDigits(money.amount) > digits) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `${money.currency} allows at most ${digits} fraction digits (ISO 4217), got ${money.amount}`,
      });
    }
  }),
);
export type MoneyIn = z.infer<typeof MoneyIn>;

/** A balance in a request (part 2.7 create account, part 2.10 balance update). */
export const BalanceIn = z.object({
  // part 2.7 types the request's balanceType as a string; part 3 lists the values in this spelling.
  balanceType: anyCase(BALANCE_TYPES, `must be one of ${BALANCE_TYPES.join(', ')}`),
  balanceAmount: MoneyIn,
});
export type BalanceIn = z.infer<typeof BalanceIn>;

/** part 8: an account reference, bban max 30 and iban max 34 characters; at least one of them. */
export const AccountRefIn = z
  .object({
    bban: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9]{1,30}$/, { error: 'must be 1 to 30 letters or digits' })),
    ),
    iban: z.optional(IbanIn),
    currency: z.optional(Currency),
  })
  .check(
    z.refine((ref) => ref.bban !== undefined || ref.iban !== undefined, {
      error: 'an account reference needs a bban or an iban',
    }),
  );
export type AccountRefIn = z.infer<typeof AccountRefIn>;

/** Query parameters shared by the mock-data listings (part 4.2 item 10). */
const QueryInt = (min: number) =>
  z
    .pipe(
      z.string().check(z.regex(/^\d{1,10}$/, { error: `must be an integer >= ${min}` })),
      z.transform(Number),
    )
    .check(
      z.refine((n) => n >= min && n <= INT32_MAX, {
        error: `must be an integer >= ${min} that fits in int32`,
      }),
    );

export const ListingQuery = z.object({
  fromDate: z.optional(IsoDate),
  toDate: z.optional(IsoDate),
  offset: z.optional(QueryInt(0)),
  limit: z.optional(QueryInt(1)),
});
export type ListingQuery = z.infer<typeof ListingQuery>;
