import type { RequestContext } from '../core/context.js';
import { readableAccount } from '../core/records.js';
import { cardAmountsOut, cardNameOut, cashAccountTypeOut, mockAmountOut } from '../core/serialize.js';
import type {
  Account,
  Agreement,
  CardAccount,
  CardTransaction,
  Customer,
  State,
  Transaction,
} from '../core/state.js';

/**
 * Response shapes of the mock-data API; every amount, account type and card name passes through
 * serialize.ts. Amounts are numbers, as parts 2.7–2.9 type them (`mockAmountOut`).
 */
type Ctx = Pick<RequestContext, 'fixes' | 'basePath'>;

export function customerView(customer: Customer) {
  return {
    customerId: customer.customerId,
    customerNumber: customer.customerNumber,
    customerType: customer.customerType,
    customerName: customer.customerName,
  };
}

/** part 2.7: the sandbox account response. */
export function accountView(ctx: Ctx, account: Account) {
  const self = `${ctx.basePath}/sandbox/accounts/${account.id}`;
  return {
    id: account.id,
    customerNumber: account.customerNumber,
    accountName: account.accountName,
    bban: account.bban,
    iban: account.iban,
    currency: account.currency,
    product: account.product,
    cashAccountType: cashAccountTypeOut(ctx, account.cashAccountType),
    creditLine: Number(account.creditLine),
    balances: [
      { balanceAmount: mockAmountOut(account.booked, account.currency), balanceType: 'closingBooked' },
      { balanceAmount: mockAmountOut(account.expected, account.currency), balanceType: 'expected' },
    ],
    _links: {
      self: { href: self, verbs: ['GET', 'DELETE'] },
      transactions: { href: `${self}/transactions`, verbs: ['GET', 'POST'] },
    },
  };
}

/** Takes the context like the other views, though its amounts are numbers whatever the fixes say. */
export function transactionView(_ctx: Ctx, tx: Transaction) {
  const out: Record<string, unknown> = {
    transactionId: tx.transactionId,
    bookingStatus: tx.status,
    bookingDate: tx.bookingDate,
  };
  if (tx.valueDate !== undefined) out.valueDate = tx.valueDate;
  out.transactionAmount = mockAmountOut(tx.amount, tx.currency);
  if (tx.creditorName !== undefined) out.creditorName = tx.creditorName;
  // Copies: the nested objects of a draft are revoked proxies once the operation has returned.
  if (tx.creditorAccount !== undefined) out.creditorAccount = { ...tx.creditorAccount };
  if (tx.debtorName !== undefined) out.debtorName = tx.debtorName;
  if (tx.debtorAccount !== undefined) out.debtorAccount = { ...tx.debtorAccount };
  if (tx.remittanceInformationUnstructured !== undefined)
    out.remittanceInformationUnstructured = tx.remittanceInformationUnstructured;
  if (tx.purposeCode !== undefined) out.purposeCode = tx.purposeCode;
  if (tx.bankTransactionCode !== undefined) out.bankTransactionCode = tx.bankTransactionCode;
  if (tx.proprietaryBankTransactionCode !== undefined)
    out.proprietaryBankTransactionCode = tx.proprietaryBankTransactionCode;
  return out;
}

/** part 2.8: the sandbox card account, wrapped as `{"cardAccount": …}` by the caller. */
export function cardAccountView(ctx: Ctx, card: CardAccount) {
  const self = `${ctx.basePath}/sandbox/card-accounts/${card.id}`;
  return {
    resourceId: card.id,
    maskedPan: card.maskedPan,
    currency: card.currency,
    creditLimit: mockAmountOut(card.creditLimit, card.currency),
    balances: card.balances.map((b) => ({
      balanceAmount: mockAmountOut(b.amount, card.currency),
      balanceType: b.balanceType,
    })),
    cardId: card.cardId,
    cardIdVNo: card.cardIdVNo,
    accountNumber: card.accountNumber,
    expiry: card.expiry,
    name: cardNameOut(ctx, card.name),
    product: card.product,
    status: card.status,
    _links: {
      self: { href: self, verbs: ['GET'] },
      transactions: { href: `${self}/transactions`, verbs: ['GET', 'POST'] },
    },
  };
}

/** part 2.9: one card transaction. */
export function cardTransactionView(ctx: Ctx, tx: CardTransaction) {
  const amounts = cardAmountsOut(
    ctx,
    mockAmountOut(tx.transactionAmount.amount, tx.transactionAmount.currency),
    mockAmountOut(tx.originalAmount.amount, tx.originalAmount.currency),
  );
  const out: Record<string, unknown> = {
    cardTransactionId: tx.cardTransactionId,
    bookingDate: tx.bookingDate,
    transactionDate: tx.transactionDate,
    transactionAmount: amounts.transactionAmount,
    originalAmount: amounts.originalAmount,
    merchantCategoryCode: tx.merchantCategoryCode,
  };
  if (tx.merchantName !== undefined) out.merchantName = tx.merchantName;
  return out;
}

export function agreementView(state: Pick<State, 'accounts'>, agreement: Agreement) {
  return {
    agreementId: agreement.agreementId,
    owner: agreement.owner,
    name: agreement.name,
    // Deleting an account removes its engagements, so every engagement names an existing account.
    engagements: agreement.engagements.flatMap((e) => {
      const account = readableAccount(state, e.accountId);
      if (!account) return [];
      const ref = { iban: account.iban, bban: account.bban, currency: account.currency };
      return [{ customer: e.customer, account: ref, roles: [...e.roles] }];
    }),
  };
}
