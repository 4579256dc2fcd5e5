import * as z from 'zod';
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
  bban: z.string().max(30),
  iban: z.string().max(34),
  currency: CurrencyOut,
  // part 8: account names up to 70 characters.
  name: z.string().max(70),
  product: z.string(),
  cashAccountType: z.string(),
  bic: z.string(),
  balances: z.array(BalanceOut).optional(),
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
  transactionId: z.string().optional(),
  bookingDate: DateOut,
  valueDate: DateOut.optional(),
  transactionAmount: AmountOut,
  creditorName: z.string().optional(),
  creditorAccount: AccountRefOut.optional(),
  debtorName: z.string().optional(),
  debtorAccount: AccountRefOut.optional(),
  remittanceInformationUnstructured: z.string().optional(),
  remittanceInformationUnstructuredArray: z.array(z.string()).optional(),
  proprietaryBankTransactionCode: z.string().optional(),
  _links: z.strictObject({ transactionDetails: LinkOut }).optional(),
});

export const TransactionListOut = z.object({
  account: AccountOfReport,
  transactions: z.strictObject({
    booked: z.array(TransactionOut).optional(),
    pending: z.array(TransactionOut).optional(),
    _links: LinksOut,
  }),
  balances: z.array(BalanceOut).optional(),
});

const text = (max: number) => z.string().max(max);

/** part 2.6 transaction details, every field within its limit. */
export const TransactionDetailsOut = z.object({
  transactionsDetails: z.strictObject({
    transactionId: z.string(),
    bankTransactionCode: z.string().min(4).max(14),
    endToEndId: text(35).optional(),
    bookingDate: DateOut,
    valueDate: DateOut.optional(),
    transactionAmount: AmountOut,
    creditorName: text(70).optional(),
    creditorAccount: AccountRefOut.optional(),
    creditorAgent: z.string().optional(),
    debtorName: text(70).optional(),
    debtorAccount: AccountRefOut.optional(),
    debtorAgent: z.string().optional(),
    remittanceInformationUnstructured: text(140).optional(),
    remittanceInformationUnstructuredArray: z.array(text(140)).optional(),
    remittanceInformationStructuredArray: z
      .array(
        z.strictObject({
          reference: text(35),
          referenceType: text(35).optional(),
          referenceIssuer: text(35).optional(),
        }),
      )
      .optional(),
    purposeCode: z.string().min(1).max(4).optional(),
    proprietaryBankTransactionCode: text(35).optional(),
    _links: z.strictObject({ transactionDetails: LinkOut }).optional(),
  }),
});
