import { namedRoutes, type Route } from '../core/router.js';
import { ChangeCardBalancesBody, changeCardBalances } from './change-card-balances.js';
import { CreateAccountBody, createAccount } from './create-account.js';
import { CreateAgreementBody, createAgreement } from './create-agreement.js';
import { CreateCardAccountBody, createCardAccount } from './create-card-account.js';
import { CreateCardTransactionsBody, createCardTransactions } from './create-card-transactions.js';
import { CreateCustomerBody, createCustomer } from './create-customer.js';
import { CreateTransactionsBody, createTransactions } from './create-transactions.js';
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

/** The sandbox mock-data API (parts 2.7–2.10, 4.2 items 6–12; paths per docs/platform-facts.md §1). */
const sandboxTable: readonly Route[] = [
  { method: 'POST', path: '/sandbox/initialize', service: 'sandbox', operation: initializeSandbox },
  { method: 'GET', path: '/sandbox/customers', service: 'sandbox', operation: listCustomers },
  {
    method: 'POST',
    path: '/sandbox/customers',
    service: 'sandbox',
    operation: createCustomer,
    body: CreateCustomerBody,
  },
  { method: 'DELETE', path: '/sandbox/customers/:customerId', service: 'sandbox', operation: deleteCustomer },
  // part 4.1: create sandbox account is operation S, whose body must carry a Digest.
  {
    method: 'POST',
    path: '/sandbox/accounts',
    service: 'sandbox',
    operation: createAccount,
    body: CreateAccountBody,
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
    body: CreateTransactionsBody,
  },
  {
    method: 'GET',
    path: '/sandbox/accounts/:mockAccountId/transactions',
    service: 'sandbox',
    operation: listTransactions,
    query: ListingQuery,
  },
  { method: 'GET', path: '/sandbox/agreements', service: 'sandbox', operation: listAgreements },
  {
    method: 'POST',
    path: '/sandbox/agreements',
    service: 'sandbox',
    operation: createAgreement,
    body: CreateAgreementBody,
  },
  {
    method: 'POST',
    path: '/sandbox/card-accounts',
    service: 'sandbox',
    operation: createCardAccount,
    body: CreateCardAccountBody,
  },
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
    body: CreateCardTransactionsBody,
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
    body: ChangeCardBalancesBody,
  },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const sandboxRoutes = namedRoutes(
  {
    changeCardBalances,
    createAccount,
    createAgreement,
    createCardAccount,
    createCardTransactions,
    createCustomer,
    createTransactions,
    deleteAccount,
    deleteCustomer,
    getAccount,
    getCardAccount,
    initializeSandbox,
    listAgreements,
    listCardTransactions,
    listCustomers,
    listTransactions,
  },
  sandboxTable,
);
