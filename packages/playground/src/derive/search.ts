import type { Transaction } from '@sandbank/engine';

export type StatusFilter = 'all' | 'booked' | 'pending';

/** What a transaction search looks in: its names, texts, references, amount and date, lower-cased. */
export function searchText(tx: Transaction): string {
  return [
    tx.transactionId,
    tx.bookingDate,
    tx.amount,
    tx.creditorName,
    tx.debtorName,
    tx.remittanceInformationUnstructured,
    tx.proprietaryBankTransactionCode,
    tx.creditorAccount?.bban,
    tx.debtorAccount?.bban,
    ...(tx.remittanceInformationStructuredArray?.map((r) => r.reference) ?? []),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

const cache = new WeakMap<Transaction, string>();

/** Case-insensitive match on names, texts, references, amounts and dates; texts are cached per object. */
export function filterTransactions(
  transactions: readonly Transaction[],
  query: string,
  status: StatusFilter,
): Transaction[] {
  const needle = query.trim().toLowerCase();
  return transactions.filter((tx) => {
    if (status !== 'all' && tx.status !== status) return false;
    if (needle === '') return true;
    let text = cache.get(tx);
    if (text === undefined) {
      text = searchText(tx);
      cache.set(tx, text);
    }
    return text.includes(needle);
  });
}
