import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import type { Account, CardAccount, Customer, State } from '../core/state.js';

/**
 * Finding the resources a mock-data request names. An unknown id in the path is the addressed
 * resource: 404 RESOURCE_UNKNOWN. An unknown reference in the body is 400 RESOURCE_UNKNOWN
 * (docs/platform-facts.md §6).
 */

export function accountInPath(draft: Draft<State>, id: string): Draft<Account> {
  const account = draft.accounts[id];
  if (!account) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox account with id ${id.slice(0, 80)}`, {
      path: 'mockAccountId',
      status: 404,
    });
  }
  return account;
}

export function cardAccountInPath(draft: Draft<State>, id: string): Draft<CardAccount> {
  const card = draft.cardAccounts[id];
  if (!card) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox card account with id ${id.slice(0, 80)}`, {
      path: 'mockCardAccountId',
      status: 404,
    });
  }
  return card;
}

export function customerByNumber(state: Draft<State>, customerNumber: string): Draft<Customer> | undefined {
  return Object.values(state.customers).find((c) => c.customerNumber === customerNumber);
}

/** The customer a body field names; 400 RESOURCE_UNKNOWN naming the field when there is none. */
export function customerInBody(draft: Draft<State>, customerNumber: string, path: string): Draft<Customer> {
  const customer = customerByNumber(draft, customerNumber);
  if (!customer) {
    throw apiError('RESOURCE_UNKNOWN', `${path}: no sandbox customer with customerNumber ${customerNumber}`, {
      path,
      status: 400,
    });
  }
  return customer;
}

/** Removes an account with its transactions and every engagement that grants it. */
export function removeAccount(draft: Draft<State>, accountId: string): void {
  delete draft.accounts[accountId];
  delete draft.transactions[accountId];
  for (const agreement of Object.values(draft.agreements)) {
    agreement.engagements = agreement.engagements.filter((e) => e.accountId !== accountId);
  }
}
