import type { State, Transaction } from '@sandbank/engine';
import { accountList } from '@sandbank/engine';
import {
  createSeedState,
  DAY_MS,
  isoDate,
  ledgerEntry,
  ledgerFrom,
  newestFirst,
  sumAmounts,
} from '@sandbank/engine/internal';

/**
 * The seeded state plus `count` booked transactions spread over the accounts, newest first, with
 * balances that match: the shape a long-running sandbox reaches.
 */
export function stateWithTransactions(count: number, now: number, seed = 'bench'): State {
  const state = createSeedState(seed, now);
  const accounts = accountList(state);
  const perAccount = new Map<string, Transaction[]>();
  for (const account of accounts)
    perAccount.set(account.id, [...newestFirst(state.transactions[account.id] ?? [])]);
  const days = 3 * 365;
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length];
    if (!account) break;
    const amount = `${i % 2 === 0 ? '-' : ''}${(i % 9000) + 10}.${String(i % 100).padStart(2, '0')}`;
    const date = isoDate(now - (1 + (i % days)) * DAY_MS);
    (perAccount.get(account.id) as Transaction[]).push(
      ledgerEntry(state, account, {
        status: 'booked',
        bookingDate: date,
        valueDate: date,
        amount,
        remittanceInformationUnstructured: `Bench ${i % 500}`,
        proprietaryBankTransactionCode: 'R_300',
      }),
    );
  }
  for (const account of accounts) {
    const list = perAccount.get(account.id) as Transaction[];
    state.transactions[account.id] = ledgerFrom(list);
    const booked = list.filter((t) => t.status === 'booked').map((t) => t.amount);
    account.booked = sumAmounts(account.currency, booked);
    account.expected = account.booked;
  }
  return state;
}
