import type { Draft } from 'immer';
import * as z from 'zod/mini';
import { isoDate } from '../core/dates.js';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import { ledgerEntry, ledgerInsert } from '../core/ledger.js';
import { addAmounts, canonicalAmount, compareAmounts } from '../core/money.js';
import { accountById } from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Account, AccountRef, State, Transaction } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { accountInPath } from './lookup.js';
import { AccountRefIn, Currency, DecimalAmount, IsoDate, text } from './schemas.js';
import { reportStored } from './stored.js';
import { checkParties } from './transaction-parties.js';
import { transactionView } from './views.js';

/** docs/platform-facts.md §2: the fields of one mock transaction; part 8 limits. */
const TransactionIn = z.object({
  amount: DecimalAmount,
  currency: Currency,
  bookingDate: IsoDate,
  valueDate: IsoDate,
  remittanceInformationUnstructured: z.optional(text(140)),
  creditorName: z.optional(text(70)),
  creditorAccount: z.optional(AccountRefIn),
  debtorName: z.optional(text(70)),
  debtorAccount: z.optional(AccountRefIn),
  // The part 2.1 purpose-code list belongs to payments; part 2.11 types nothing here, so any code the
  // platform's scripts send (`"code"`) is kept as given. Account information shows its first 4 characters
  // (part 2.6: max 4).
  purposeCode: z.optional(text(35)),
  bankTransactionCode: z.optional(text(35)),
});
type TransactionIn = z.infer<typeof TransactionIn>;

export const CreateTransactionsBody = z
  .array(TransactionIn)
  .check(
    z.minLength(1, { error: 'must hold at least one transaction' }),
    z.maxLength(1000, { error: 'must hold at most 1000 transactions' }),
  );

function fail(path: string, message: string): never {
  throw apiError('FORMAT_ERROR', `${path}: ${message}`, { path });
}

function validate(
  draft: Draft<State>,
  account: Account,
  tx: TransactionIn,
  i: number,
  today: string,
): string {
  const path = `[${i}]`;
  if (tx.currency !== account.currency)
    fail(`${path}.currency`, `must be the account currency ${account.currency}`);
  const amount = canonicalAmountAt(tx.amount, account.currency, `${path}.amount`);
  if (compareAmounts(amount, '0', account.currency) === 0) fail(`${path}.amount`, 'must not be zero');
  if (tx.bookingDate > today) fail(`${path}.bookingDate`, `must not lie in the future (bank date ${today})`);
  if (tx.valueDate > today) fail(`${path}.valueDate`, `must not lie in the future (bank date ${today})`);
  if (tx.bookingDate > tx.valueDate) fail(`${path}.bookingDate`, 'must not be after the valueDate');
  checkParties(draft, account, tx, path);
  return amount;
}

function canonicalAmountAt(amount: string, currency: string, path: string): string {
  try {
    return canonicalAmount(amount, currency);
  } catch {
    return fail(path, `${currency} allows fewer fraction digits than ${amount} has (ISO 4217)`);
  }
}

/**
 * POST /v1/sandbox/accounts/{mockAccountId}/transactions: a JSON array of booked transactions
 * (docs/platform-facts.md §2). Each moves the account's booked and expected balances by its signed amount.
 * All or nothing: one bad item rejects the whole array.
 */
export const createTransactions: Operation = (draft, input, ctx) => {
  const account = accountInPath(draft, input.params.mockAccountId ?? '');
  const items = parseWith(CreateTransactionsBody, input.body, 'body');
  reportStored(ctx, input.body, items);
  const today = isoDate(ctx.now);
  const amounts = items.map((tx, i) => validate(draft, account, tx, i, today));
  const created = items.map((tx, i): Transaction => {
    const out = ledgerEntry(draft, account, {
      status: 'booked',
      bookingDate: tx.bookingDate,
      valueDate: tx.valueDate,
      amount: amounts[i] as string,
    });
    for (const key of [
      'remittanceInformationUnstructured',
      'creditorName',
      'debtorName',
      'purposeCode',
      'bankTransactionCode',
    ] as const) {
      const value = tx[key];
      if (value !== undefined) out[key] = value;
    }
    if (tx.creditorAccount) out.creditorAccount = accountRef(tx.creditorAccount);
    if (tx.debtorAccount) out.debtorAccount = accountRef(tx.debtorAccount);
    return out;
  });
  const changed = accountById(draft, account.id) as Draft<Account>;
  changed.booked = addAmounts(account.currency, account.booked, ...amounts);
  changed.expected = addAmounts(account.currency, account.expected, ...amounts);
  const ledger = draft.transactions[account.id] ?? [];
  draft.transactions[account.id] = ledger;
  for (const tx of created) ledgerInsert(ledger, tx);
  return json(
    201,
    created.map((tx) => transactionView(ctx, tx)),
  );
};

function accountRef(ref: z.infer<typeof AccountRefIn>): AccountRef {
  const out: AccountRef = {};
  if (ref.bban !== undefined) out.bban = ref.bban;
  if (ref.iban !== undefined) out.iban = ref.iban;
  if (ref.currency !== undefined) out.currency = ref.currency;
  return out;
}
