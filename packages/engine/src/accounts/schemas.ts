import * as z from 'zod/mini';
import {
  AccountRefOut,
  AmountOut,
  BalanceOut,
  CurrencyOut,
  DateOut,
  LinkOut,
  LinksOut,
} from '../core/response-schemas.js';

/** The account-information answers (docs/platform-facts.md §2, part 2.6), for `route.response`. */

/** docs/platform-facts.md §2 account list item. */
export const AccountOut = z.strictObject({
  resourceId: z.string(),
  bban: z.string().check(z.maxLength(30)),
  iban: z.string().check(z.maxLength(34)),
  currency: CurrencyOut,
  // part 8: account names up to 70 characters.
  name: z.string().check(z.maxLength(70)),
  product: z.string(),
  cashAccountType: z.string(),
  bic: z.string(),
  balances: z.optional(z.array(BalanceOut)),
  _links: z.strictObject({ self: LinkOut, balances: LinkOut, transactions: LinkOut }),
});

export const AccountListOut = z.object({ accounts: z.array(AccountOut) });
export const AccountDetailsOut = z.object({ account: AccountOut });

const AccountOfReport = z.strictObject({
  bban: z.string(),
  iban: z.string(),
  currency: CurrencyOut,
});

export const BalancesOut = z.object({
  account: AccountOfReport,
  balances: z.array(BalanceOut),
  _links: z.strictObject({ account: LinkOut }),
});

/** docs/platform-facts.md §2 transaction item; pending ones carry no id, value date or link. */
export const TransactionOut = z.strictObject({
  transactionId: z.optional(z.string()),
  bookingDate: DateOut,
  valueDate: z.optional(DateOut),
  transactionAmount: AmountOut,
  creditorName: z.optional(z.string()),
  creditorAccount: z.optional(AccountRefOut),
  debtorName: z.optional(z.string()),
  debtorAccount: z.optional(AccountRefOut),
  remittanceInformationUnstructured: z.optional(z.string()),
  remittanceInformationUnstructuredArray: z.optional(z.array(z.string())),
  proprietaryBankTransactionCode: z.optional(z.string()),
  _links: z.optional(z.strictObject({ transactionDetails: LinkOut })),
});

export const TransactionListOut = z.object({
  account: AccountOfReport,
  transactions: z.strictObject({
    booked: z.optional(z.array(TransactionOut)),
    pending: z.optional(z.array(TransactionOut)),
    _links: LinksOut,
  }),
  balances: z.optional(z.array(BalanceOut)),
});

const text = (max: number) => z.string().check(z.maxLength(max));

/** part 2.6 transaction details, every field within its limit. */
export const TransactionDetailsOut = z.object({
  transactionsDetails: z.strictObject({
    transactionId: z.string(),
    bankTransactionCode: z.string().check(z.minLength(4), z.maxLength(14)),
    endToEndId: z.optional(text(35)),
    bookingDate: DateOut,
    valueDate: z.optional(DateOut),
    transactionAmount: AmountOut,
    creditorName: z.optional(text(70)),
    creditorAccount: z.optional(AccountRefOut),
    creditorAgent: z.optional(z.string()),
    debtorName: z.optional(text(70)),
    debtorAccount: z.optional(AccountRefOut),
    debtorAgent: z.optional(z.string()),
    remittanceInformationUnstructured: z.optional(text(140)),
    remittanceInformationUnstructuredArray: z.optional(z.array(text(140))),
    remittanceInformationStructuredArray: z.optional(
      z.array(
        z.strictObject({
          reference: text(35),
          referenceType: z.optional(text(35)),
          referenceIssuer: z.optional(text(35)),
        }),
      ),
    ),
    purposeCode: z.optional(z.string().check(z.minLength(1), z.maxLength(4))),
    proprietaryBankTransactionCode: z.optional(text(35)),
    _links: z.optional(z.strictObject({ transactionDetails: LinkOut })),
  }),
});
