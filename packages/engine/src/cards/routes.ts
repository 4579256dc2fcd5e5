import { TransactionQuery } from '../accounts/paging.js';
import { nameOperations, type Route } from '../core/router.js';
import { getCardAccount } from './get-card-account.js';
import { getCardBalances } from './get-card-balances.js';
import { listCardAccounts } from './list-card-accounts.js';
import { listCardTransactions } from './list-card-transactions.js';
import {
  CardAccountDetailsOut,
  CardAccountListOut,
  CardBalancesOut,
  CardTransactionListOut,
} from './schemas.js';

// Names for the request log and the OpenAPI operationIds (function names do not survive minification).
nameOperations({ getCardAccount, getCardBalances, listCardAccounts, listCardTransactions });

/** Card accounts (docs/platform-facts.md §1). */
export const cardRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/card-accounts',
    service: 'ais',
    operation: listCardAccounts,
    response: CardAccountListOut,
  },
  {
    method: 'GET',
    path: '/card-accounts/:id',
    service: 'ais',
    operation: getCardAccount,
    response: CardAccountDetailsOut,
  },
  {
    method: 'GET',
    path: '/card-accounts/:id/balances',
    service: 'ais',
    operation: getCardBalances,
    response: CardBalancesOut,
  },
  {
    method: 'GET',
    path: '/card-accounts/:id/transactions',
    service: 'ais',
    operation: listCardTransactions,
    query: TransactionQuery,
    response: CardTransactionListOut,
  },
];
