import * as z from 'zod/mini';
import { COUNTRIES, CURRENCIES, PURPOSE_CODES, REGULATORY_REPORTING_CODES } from '../core/codes.js';
import { parseIsoDate } from '../core/dates.js';
import { fractionDigits, minorUnits } from '../core/money.js';
import { isValidBban, isValidIban } from '../sandbox-api/norwegian.js';

/** Field rules of parts 2.1–2.3 and 8; cross-payment rules (KID, dates, accounts) are in validate-payment.ts. */

const text = (max: number) =>
  z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));

export const Currency = z.enum(CURRENCIES, { error: 'must be an ISO 4217 currency code from part 2.1' });
export const Country = z.enum(COUNTRIES, {
  error: 'must be an ISO 3166-1 alpha-2 country code from part 2.1',
});

/** part 2.1 BIC pattern. */
export const Bic = z
  .string()
  .check(
    z.regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, 'must be a BIC (8 or 11 characters, part 2.1)'),
  );

export const IsoDateText = z
  .string()
  .check(z.refine((v) => !Number.isNaN(parseIsoDate(v)), 'must be an ISO 8601 date yyyy-mm-dd'));

/** An example amount with exactly `digits` fraction digits, for messages ("100.00", "100.000", "100"). */
function exampleAmount(digits: number): string {
  return digits === 0 ? '100' : `100.${'0'.repeat(digits)}`;
}

/**
 * part 2.1, Amount of payments and transaction details: `amount` is a string, a positive decimal of
 * precision 18 whose fraction digits match the currency's ISO 4217 minor units ("1.50" NOK, "7.000"
 * KWD, "500" JPY; "1.5" and "1" are not NOK amounts). A JSON number is refused: the contract types the
 * field as a string, and a number cannot say how many decimals it meant.
 */
export const Amount = z
  .object({
    amount: z.string({
      error:
        'must be a JSON string holding a decimal, such as "100.00" (part 2.1: amount is a string), not a number',
    }),
    currency: Currency,
  })
  .check(
    z.superRefine((value, ctx) => {
      const digits = minorUnits(value.currency);
      const example = exampleAmount(digits);
      if (!/^\d+(\.\d+)?$/.test(value.amount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `must be a positive decimal written with digits and at most one point, such as "${example}" (part 2.1)`,
        });
        return;
      }
      if (value.amount.replace('.', '').length > 18) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'has more than 18 digits (part 2.1: precision 18)',
        });
      } else if (fractionDigits(value.amount) !== digits) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `has ${fractionDigits(value.amount)} fraction digits but ${value.currency} has ${digits} (part 2.1: the fraction digits must match the ISO 4217 minor units), such as "${example}"`,
        });
      } else if (/^0*(\.0*)?$/.test(value.amount)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be greater than zero' });
      }
    }),
  );
export type Amount = z.infer<typeof Amount>;

export const Reference = z.object({
  reference: text(35),
  referenceType: z.optional(text(35)),
  referenceIssuer: z.optional(text(35)),
});

export const Address = z.object({
  street: z.optional(text(70)),
  buildingNumber: z.optional(text(16)),
  postalCode: z.optional(text(16)),
  city: z.optional(text(35)),
  country: Country,
});

const PurposeCode = z.enum(PURPOSE_CODES, { error: `must be one of ${PURPOSE_CODES.join(' ')}` });

const DomesticCreditor = z.object({
  bban: text(30).check(
    z.refine(isValidBban, 'must be a Norwegian account number: 11 digits with a MOD11 check digit'),
  ),
  currency: Currency,
});

/** part 2.2: exactly one of `bban` (account) or `other` (card account). */
const DomesticDebtor = z
  .object({
    bban: z.optional(text(30)),
    other: z.optional(
      z.object({
        identification: text(35),
        schemeNameProprietary: z.literal('creditCardAccount', { error: 'must be creditCardAccount' }),
      }),
    ),
    currency: Currency,
  })
  .check(
    z.refine((d) => (d.bban === undefined) !== (d.other === undefined), {
      message: 'exactly one of bban (account) or other (card account) must be given',
    }),
  );

/** The fields of one domestic credit transfer (a single NDCT payment, a periodic one or a bulk item). */
const domesticTransfer = {
  instructedAmount: Amount,
  creditorName: text(70),
  creditorAgent: z.optional(Bic),
  creditorAccount: DomesticCreditor,
  creditorAddress: Address,
  ultimateDebtor: z.optional(text(70)),
  remittanceInformationUnstructured: z.optional(text(140)),
  remittanceInformationStructured: z.optional(Reference),
  remittanceInformationStructuredArray: z.optional(
    z.array(Reference).check(z.minLength(1, 'must not be empty'), z.maxLength(10)),
  ),
  purposeCode: z.optional(PurposeCode),
  endToEndIdentification: z.optional(text(35)),
};

type Issues = z.core.$RefinementCtx;

function transferRules(
  t: { creditorAgent?: string | undefined } & Record<string, unknown>,
  ctx: Issues,
): void {
  const creditor = t.creditorAccount as { currency: string };
  // part 2.2: creditorAgent is required for payments to currency accounts.
  if (creditor.currency !== 'NOK' && t.creditorAgent === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['creditorAgent'],
      message: `is required for a payment to a currency account (creditorAccount.currency ${creditor.currency})`,
    });
  }
  const structuredCount =
    (t.remittanceInformationStructuredArray === undefined ? 0 : 1) +
    (t.remittanceInformationStructured === undefined ? 0 : 1);
  if (t.remittanceInformationUnstructured !== undefined && structuredCount > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['remittanceInformationUnstructured'],
      message:
        'remittanceInformationUnstructured and structured remittance information are mutually exclusive',
    });
  }
  if (structuredCount > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['remittanceInformationStructured'],
      message:
        'give remittanceInformationStructuredArray only; the deprecated object may not be sent with it',
    });
  }
}

export const NdctPayment = z
  .object({
    ...domesticTransfer,
    debtorAccount: DomesticDebtor,
    requestedExecutionDate: z.optional(IsoDateText),
  })
  .check(z.superRefine(transferRules));
export type NdctPayment = z.infer<typeof NdctPayment>;

export const Frequency = z.enum(
  ['Daily', 'Weekly', 'EveryTwoWeeks', 'Monthly', 'EveryTwoMonths', 'Quarterly', 'SemiAnnual', 'Annual'],
  {
    error:
      'must be one of Daily, Weekly, EveryTwoWeeks, Monthly, EveryTwoMonths, Quarterly, SemiAnnual, Annual',
  },
);

export const NdctPeriodicPayment = z
  .object({
    ...domesticTransfer,
    debtorAccount: DomesticDebtor,
    startDate: IsoDateText,
    endDate: z.optional(IsoDateText),
    frequency: Frequency,
    dayOfExecution: z.optional(
      z.string().check(z.regex(/^(0[1-9]|[12]\d|3[01])$/, 'must be a day of the month "01".."31"')),
    ),
    executionRule: z.optional(
      z.enum(['following', 'preceding'], { error: 'must be following or preceding' }),
    ),
    requestedExecutionDate: z.optional(
      z.never({ error: 'is not used for periodic payments: use startDate' }),
    ),
  })
  .check(
    z.superRefine((p, ctx) => {
      transferRules(p, ctx);
      if (p.endDate !== undefined && p.endDate < p.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
      }
    }),
  );
export type NdctPeriodicPayment = z.infer<typeof NdctPeriodicPayment>;

export const NdctBulkPayment = z.object({
  batchBookingPreferred: z.optional(z.boolean()),
  debtorAccount: DomesticDebtor,
  requestedExecutionDate: z.optional(IsoDateText),
  payments: z
    .array(z.object(domesticTransfer).check(z.superRefine(transferRules)))
    .check(
      z.minLength(1, 'must hold at least one payment'),
      z.maxLength(100, 'must hold at most 100 payments'),
    ),
});
export type NdctBulkPayment = z.infer<typeof NdctBulkPayment>;

const ForeignAccount = z
  .object({
    bban: z.optional(text(30)),
    iban: z.optional(text(34).check(z.refine(isValidIban, 'must be a valid IBAN (ISO 13616)'))),
    currency: Currency,
  })
  .check(
    z.refine((a) => a.bban !== undefined || a.iban !== undefined, { message: 'bban or iban is required' }),
  );

export const NcbctPayment = z
  .object({
    instructedAmount: Amount,
    creditorName: text(70),
    creditorAgent: z.optional(Bic),
    creditorAccount: ForeignAccount,
    creditorAddress: z.optional(Address),
    debtorAccount: ForeignAccount,
    remittanceInformationUnstructured: z.optional(text(140)),
    purposeCode: z.optional(PurposeCode),
    requestedExecutionDate: z.optional(IsoDateText),
    regulatoryReportingCode: z.optional(
      z.enum(REGULATORY_REPORTING_CODES, { error: `must be one of ${REGULATORY_REPORTING_CODES.join(' ')}` }),
    ),
    regulatoryReportingInformation: z.optional(text(140)),
    endToEndIdentification: z.optional(text(35)),
  })
  .check(
    z.superRefine((p, ctx) => {
      // part 2.3: creditorAgent is required when creditorAccount uses bban.
      if (p.creditorAccount.bban !== undefined && p.creditorAgent === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['creditorAgent'],
          message: 'is required when creditorAccount is given as a bban (part 2.3)',
        });
      }
    }),
  );
export type NcbctPayment = z.infer<typeof NcbctPayment>;

export const FeeInformationRequest = z.object({
  amount: Amount,
  creditorAccount: DomesticCreditor,
  debtorAccount: z.object({ bban: text(30), currency: Currency }),
});

export const PaymentQuery = z.object({
  allowLogicalDuplicate: z.optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
});
