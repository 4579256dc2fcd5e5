import { TransactionQuery } from '../accounts/paging.js';
import { namedRoutes, type Route } from '../core/router.js';
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

/** Card accounts (docs/platform-facts.md §1). */
const cardTable: readonly Route[] = [
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

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const cardRoutes = namedRoutes(
  { getCardAccount, getCardBalances, listCardAccounts, listCardTransactions },
  cardTable,
);
