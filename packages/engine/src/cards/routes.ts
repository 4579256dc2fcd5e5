import { TransactionQuery } from '../accounts/paging.js';
import type { Route } from '../core/router.js';
import { getCardAccount } from './get-card-account.js';
import { getCardBalances } from './get-card-balances.js';
import { listCardAccounts } from './list-card-accounts.js';
import { listCardTransactions } from './list-card-transactions.js';

/** Card accounts (platform-facts §1). */
export const cardRoutes: readonly Route[] = [
  { method: 'GET', path: '/card-accounts', service: 'ais', operation: listCardAccounts },
  { method: 'GET', path: '/card-accounts/:id', service: 'ais', operation: getCardAccount },
  { method: 'GET', path: '/card-accounts/:id/balances', service: 'ais', operation: getCardBalances },
  {
    method: 'GET',
    path: '/card-accounts/:id/transactions',
    service: 'ais',
    operation: listCardTransactions,
    query: TransactionQuery,
  },
];
