import { apiError } from '../core/errors.js';
import { counterOf } from '../core/ids.js';
import type { ExportedBankState, ExportedState } from '../core/state.js';

/**
 * How many ids ahead of the counter an import looks. An id of another seed is one this seed makes
 * too, at a counter anywhere in 32 bits: one a bank would reach only after a billion new records is
 * no collision a sandbox meets, and a file whose ids came from elsewhere should not be refused for it.
 */
export const ISSUE_HORIZON = 2 ** 20;

/**
 * An imported bank's ids against its `meta.counter`. The bank makes each new id from its seed and the
 * next counter (core/ids.ts), so a file whose counter is below an id it holds would have the bank
 * issue that id again: a new consent, payment or transaction taking the place of one the file keeps.
 * Such a file is refused whole, naming the id, when the bank would issue it within its next
 * `ISSUE_HORIZON` ids (docs/sandbox-api.md). Ids written by hand are not the bank's and are let be.
 */
export function checkIssuedIds(state: ExportedState): void {
  checkBank(state, '');
  for (const [name, snapshot] of Object.entries(state.snapshots)) {
    checkBank(snapshot.state, `snapshots.${name}.state.`);
  }
}

function checkBank(bank: ExportedBankState, prefix: string): void {
  const { seed, counter } = bank.meta;
  const check = (id: string, where: string) => {
    const issued = counterOf(seed, id, counter, counter + ISSUE_HORIZON);
    if (issued === null) return;
    throw apiError(
      'FORMAT_ERROR',
      `the imported state is invalid and was not applied: ${prefix}meta.counter: ${counter} is below the counter ` +
        `(${issued}) that made the id ${id} in ${prefix}${where}; the bank would issue that id again. ` +
        `Set meta.counter to at least ${issued}`,
      { path: `${prefix}meta.counter` },
    );
  };
  const keys = { accounts: 1, cardAccounts: 1, agreements: 1, consents: 1, payments: 1, signingBaskets: 1 };
  for (const slice of Object.keys(keys) as Array<keyof typeof keys>) {
    for (const id of Object.keys(bank[slice])) check(id, slice);
  }
  for (const id of Object.keys(bank.authorisations)) check(id, 'authorisations');
  for (const customer of Object.values(bank.customers)) check(customer.customerId, 'customers');
  for (const [accountId, chunks] of Object.entries(bank.transactions)) {
    for (const chunk of chunks) {
      for (const transaction of chunk) check(transaction.transactionId, `transactions.${accountId}`);
    }
  }
  for (const [cardAccountId, list] of Object.entries(bank.cardTransactions)) {
    for (const transaction of list) check(transaction.cardTransactionId, `cardTransactions.${cardAccountId}`);
  }
}
