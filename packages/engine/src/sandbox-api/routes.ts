import type { Route } from '../core/router.js';
import { changeCardBalances } from './change-card-balances.js';
import { createAccount } from './create-account.js';
import { createAgreement } from './create-agreement.js';
import { createCardAccount } from './create-card-account.js';
import { createCardTransactions } from './create-card-transactions.js';
import { createCustomer } from './create-customer.js';
import { createTransactions } from './create-transactions.js';
import { deleteAccount } from './delete-account.js';
import { deleteCustomer } from './delete-customer.js';
import { getAccount } from './get-account.js';
import { getCardAccount } from './get-card-account.js';
import { initializeSandbox } from './initialize.js';
import { listAgreements } from './list-agreements.js';
import { CardTransactionsQuery, listCardTransactions } from './list-card-transactions.js';
import { listCustomers } from './list-customers.js';
import { listTransactions } from './list-transactions.js';
import { ListingQuery } from './schemas.js';

/** The sandbox mock-data API (parts 2.7–2.10, 4.2 items 6–12; paths per platform-facts §1). */
export const sandboxRoutes: readonly Route[] = [
  { method: 'POST', path: '/sandbox/initialize', service: 'sandbox', operation: initializeSandbox },
  { method: 'GET', path: '/sandbox/customers', service: 'sandbox', operation: listCustomers },
  { method: 'POST', path: '/sandbox/customers', service: 'sandbox', operation: createCustomer },
  { method: 'DELETE', path: '/sandbox/customers/:customerId', service: 'sandbox', operation: deleteCustomer },
  // part 4.1: create sandbox account is operation S, whose body must carry a Digest.
  {
    method: 'POST',
    path: '/sandbox/accounts',
    service: 'sandbox',
    operation: createAccount,
    digestRequired: true,
  },
  { method: 'GET', path: '/sandbox/accounts/:mockAccountId', service: 'sandbox', operation: getAccount },
  {
    method: 'DELETE',
    path: '/sandbox/accounts/:mockAccountId',
    service: 'sandbox',
    operation: deleteAccount,
  },
  {
    method: 'POST',
    path: '/sandbox/accounts/:mockAccountId/transactions',
    service: 'sandbox',
    operation: createTransactions,
  },
  {
    method: 'GET',
    path: '/sandbox/accounts/:mockAccountId/transactions',
    service: 'sandbox',
    operation: listTransactions,
    query: ListingQuery,
  },
  { method: 'GET', path: '/sandbox/agreements', service: 'sandbox', operation: listAgreements },
  { method: 'POST', path: '/sandbox/agreements', service: 'sandbox', operation: createAgreement },
  { method: 'POST', path: '/sandbox/card-accounts', service: 'sandbox', operation: createCardAccount },
  {
    method: 'GET',
    path: '/sandbox/card-accounts/:mockCardAccountId',
    service: 'sandbox',
    operation: getCardAccount,
  },
  {
    method: 'POST',
    path: '/sandbox/card-accounts/:mockCardAccountId/transactions',
    service: 'sandbox',
    operation: createCardTransactions,
  },
  {
    method: 'GET',
    path: '/sandbox/card-accounts/:mockCardAccountId/transactions',
    service: 'sandbox',
    operation: listCardTransactions,
    query: CardTransactionsQuery,
  },
  {
    method: 'PUT',
    path: '/sandbox/card-accounts/:mockCardAccountId/balances',
    service: 'sandbox',
    operation: changeCardBalances,
  },
];
