import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import { cardAccountById, customersNumbered, readableAccount, removeAccount } from '../core/records.js';
import type { Account, CardAccount, Customer, State } from '../core/state.js';
import { agreementKeysOnAccount } from '../core/state-index.js';

/**
 * Finding the resources a mock-data request names. An unknown id in the path is the addressed
 * resource: 404 RESOURCE_UNKNOWN. An unknown reference in the body is 400 RESOURCE_UNKNOWN
 * (docs/platform-facts.md §6).
 */

/**
 * The account a path names, as plain data (read it, never write through it: `accountById(draft, id)`
 * to change it).
 */
export function accountInPath(draft: Draft<State>, id: string): Account {
  const account = readableAccount(draft, id);
  if (!account) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox account with id ${id.slice(0, 80)}`, {
      path: 'mockAccountId',
      status: 404,
    });
  }
  return account;
}

export function cardAccountInPath(draft: Draft<State>, id: string): Draft<CardAccount> {
  const card = cardAccountById(draft, id);
  if (!card) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox card account with id ${id.slice(0, 80)}`, {
      path: 'mockCardAccountId',
      status: 404,
    });
  }
  return card;
}

/** The customer with this number, as plain data (read it, never write through it). */
export function customerByNumber(draft: Draft<State>, customerNumber: string): Customer | undefined {
  return customersNumbered(draft, customerNumber)[0];
}

/** The customer a body field names; 400 RESOURCE_UNKNOWN naming the field when there is none. */
export function customerInBody(draft: Draft<State>, customerNumber: string, path: string): Customer {
  const customer = customerByNumber(draft, customerNumber);
  if (!customer) {
    throw apiError('RESOURCE_UNKNOWN', `${path}: no sandbox customer with customerNumber ${customerNumber}`, {
      path,
      status: 400,
    });
  }
  return customer;
}

/**
 * Removes accounts with their transactions and every engagement that grants one of them; the
 * agreements found before anything is written, and only those that change written.
 */
export function removeAccounts(draft: Draft<State>, accountIds: readonly string[]): void {
  const gone = new Set(accountIds);
  const touched = new Set(accountIds.flatMap((id) => agreementKeysOnAccount(draft as State, id)));
  for (const id of gone) {
    removeAccount(draft, id);
    delete draft.transactions[id];
  }
  for (const key of touched) {
    const agreement = draft.agreements[key] as Draft<State['agreements'][string]>;
    agreement.engagements = agreement.engagements.filter((e) => !gone.has(e.accountId));
  }
}
