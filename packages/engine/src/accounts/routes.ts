import { SCA_FLOW_HEADERS } from '../core/headers.js';
import { namedRoutes, type Route } from '../core/router.js';
import { getAccount } from './get-account.js';
import { getBalances } from './get-balances.js';
import { getTransactionDetails } from './get-transaction-details.js';
import { listAccounts } from './list-accounts.js';
import { listTransactions } from './list-transactions.js';
import { TransactionQuery } from './paging.js';
import {
  AccountDetailsOut,
  AccountListOut,
  BalancesOut,
  TransactionDetailsOut,
  TransactionListOut,
} from './schemas.js';

/** Account information (part 4.2 items 4, 5 and 12; paths per docs/platform-facts.md §1). */
const accountTable: readonly Route[] = [
  { method: 'GET', path: '/accounts', service: 'ais', operation: listAccounts, response: AccountListOut },
  {
    method: 'GET',
    path: '/accounts/:id',
    service: 'ais',
    operation: getAccount,
    response: AccountDetailsOut,
  },
  {
    method: 'GET',
    path: '/accounts/:id/balances',
    service: 'ais',
    operation: getBalances,
    response: BalancesOut,
  },
  {
    method: 'GET',
    path: '/accounts/:id/transactions',
    service: 'ais',
    operation: listTransactions,
    query: TransactionQuery,
    response: TransactionListOut,
  },
  {
    method: 'GET',
    path: '/accounts/:id/transactions/:transactionId',
    service: 'ais',
    operation: getTransactionDetails,
    response: TransactionDetailsOut,
    // part 4.1: T requires x-accept-fix, TPP-Session-ID and TPP-Redirect-URI.
    requiredHeaders: SCA_FLOW_HEADERS,
  },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const accountRoutes = namedRoutes(
  { getAccount, getBalances, getTransactionDetails, listAccounts, listTransactions },
  accountTable,
);
