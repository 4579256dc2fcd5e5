import type { Draft } from 'immer';
import { isoDate } from '../core/dates.js';
import { allocateShortId } from '../core/ids.js';
import { ledgerEntry, ledgerInsert, ledgerRemove } from '../core/ledger.js';
import { addAmounts, compareAmounts, negateAmount } from '../core/money.js';
import {
  accountById,
  accountsNumbered,
  cardAccountById,
  cardAccountsNumbered,
  readableAccount,
  readableCardAccount,
} from '../core/records.js';
import type { Account, AccountRef, CardAccount, Payment, State, Transaction } from '../core/state.js';

export type Debtor = Payment['debtorAccount'];

/**
 * The sandbox account with this bban or iban (the bank's own accounts only), as plain data: read it,
 * never write through it.
 */
export function findAccount(
  state: State | Draft<State>,
  ref: { bban?: string | undefined; iban?: string | undefined },
): Account | undefined {
  return accountsNumbered(state, ref)[0];
}

/** An enabled card account by its card account number or card id (part 2.2 `other.identification`), to read. */
export function findCardAccount(
  state: State | Draft<State>,
  identification: string,
): CardAccount | undefined {
  return cardAccountsNumbered(state, identification).find((c) => c.status === 'enabled');
}

function cardBalance(state: State | Draft<State>, id: string, type: 'closingBooked' | 'expected'): string {
  return readableCardAccount(state, id)?.balances.find((b) => b.balanceType === type)?.amount ?? '0';
}

/** Booked balance plus credit line (card: credit limit plus the booked, usually negative, balance). */
export function availableFunds(state: State | Draft<State>, debtor: Debtor): string {
  if (debtor.kind === 'card') {
    const card = readableCardAccount(state, debtor.id);
    return addAmounts(
      debtor.currency,
      card?.creditLimit ?? '0',
      cardBalance(state, debtor.id, 'closingBooked'),
    );
  }
  const account = readableAccount(state, debtor.id);
  return addAmounts(debtor.currency, account?.booked ?? '0', account?.creditLine ?? '0');
}

export function hasFunds(state: State | Draft<State>, debtor: Debtor, amount: string): boolean {
  return compareAmounts(availableFunds(state, debtor), amount, debtor.currency) >= 0;
}

export interface BookingDetails {
  paymentId: string;
  text: string;
  creditorName?: string;
  creditorAccount?: AccountRef;
  debtorAccount?: AccountRef;
  remittanceInformationUnstructured?: string;
  remittanceInformationStructuredArray?: Transaction['remittanceInformationStructuredArray'];
  purposeCode?: string;
}

function postToAccount(
  draft: Draft<State>,
  accountId: string,
  amount: string,
  details: BookingDetails,
  now: number,
): string {
  const account = accountById(draft, accountId) as Draft<Account>;
  const tx = ledgerEntry(draft, account, {
    status: 'booked',
    bookingDate: isoDate(now),
    valueDate: isoDate(now),
    amount,
    proprietaryBankTransactionCode: amount.startsWith('-') ? 'R_600' : 'R_710',
    paymentId: details.paymentId,
    remittanceInformationUnstructured: details.remittanceInformationUnstructured ?? details.text,
  });
  if (details.creditorName !== undefined) tx.creditorName = details.creditorName;
  if (details.creditorAccount !== undefined) tx.creditorAccount = details.creditorAccount;
  if (details.debtorAccount !== undefined) tx.debtorAccount = details.debtorAccount;
  if (details.remittanceInformationStructuredArray !== undefined)
    tx.remittanceInformationStructuredArray = details.remittanceInformationStructuredArray;
  if (details.purposeCode !== undefined) tx.purposeCode = details.purposeCode;
  account.booked = addAmounts(account.currency, account.booked, amount);
  account.expected = addAmounts(account.currency, account.expected, amount);
  const ledger = draft.transactions[accountId] ?? [];
  draft.transactions[accountId] = ledger;
  ledgerInsert(ledger, tx);
  return tx.transactionId;
}

function postToCard(
  draft: Draft<State>,
  cardId: string,
  amount: string,
  details: BookingDetails,
  now: number,
) {
  const card = cardAccountById(draft, cardId);
  if (card === undefined) return '';
  for (const balance of card.balances) {
    if (balance.balanceType !== 'interimBooked')
      balance.amount = addAmounts(card.currency, balance.amount, amount);
  }
  // Max35Text, as every card transaction id (Berlin Group 1.3.6 `cardTransactionId`).
  const id = allocateShortId(draft);
  const money = { amount, currency: card.currency };
  const list = draft.cardTransactions[cardId] ?? [];
  list.unshift({
    cardTransactionId: id,
    cardAccountId: cardId,
    status: 'booked',
    seq: draft.meta.counter,
    bookingDate: isoDate(now),
    transactionDate: isoDate(now),
    transactionAmount: money,
    originalAmount: { ...money },
    merchantCategoryCode: '4829',
    merchantName: details.creditorName ?? details.text,
    source: 'payment',
  });
  draft.cardTransactions[cardId] = list;
  return id;
}

/** Books `amount` (positive, in the debtor's currency) out of the debtor's account or card account. */
export function debit(
  draft: Draft<State>,
  debtor: Debtor,
  amount: string,
  details: BookingDetails,
  now: number,
) {
  const negative = negateAmount(amount, debtor.currency);
  return debtor.kind === 'card'
    ? postToCard(draft, debtor.id, negative, details, now)
    : postToAccount(draft, debtor.id, negative, details, now);
}

/** Books `amount` (positive, in the account's currency) into a sandbox account. */
export function credit(
  draft: Draft<State>,
  accountId: string,
  amount: string,
  details: BookingDetails,
  now: number,
) {
  return postToAccount(draft, accountId, amount, details, now);
}

/**
 * Reserves `amount` (positive, debtor currency) on an ordinary account as a pending transaction, so the
 * expected balance shows the accepted payment until a batch books it. Card accounts are not reserved.
 */
export function reserve(
  draft: Draft<State>,
  debtor: Debtor,
  amount: string,
  details: BookingDetails,
  now: number,
): string | null {
  const account = accountById(draft, debtor.id);
  if (debtor.kind !== 'account' || account === undefined) return null;
  const tx = ledgerEntry(draft, account, {
    status: 'pending',
    bookingDate: isoDate(now),
    amount: negateAmount(amount, account.currency),
    proprietaryBankTransactionCode: 'R_600',
    paymentId: details.paymentId,
    remittanceInformationUnstructured: details.remittanceInformationUnstructured ?? details.text,
  });
  if (details.creditorName !== undefined) tx.creditorName = details.creditorName;
  if (details.creditorAccount !== undefined) tx.creditorAccount = details.creditorAccount;
  account.expected = addAmounts(account.currency, account.expected, tx.amount);
  const ledger = draft.transactions[account.id] ?? [];
  draft.transactions[account.id] = ledger;
  ledgerInsert(ledger, tx);
  return tx.transactionId;
}

/** Removes a reservation made by `reserve`, giving the amount back to the expected balance. */
export function release(draft: Draft<State>, debtor: Debtor, transactionId: string): void {
  const account = accountById(draft, debtor.id);
  const ledger = draft.transactions[debtor.id];
  if (account === undefined || ledger === undefined) return;
  const tx = ledgerRemove(ledger, transactionId);
  if (tx)
    account.expected = addAmounts(account.currency, account.expected, negateAmount(tx.amount, tx.currency));
}
