import type { Draft } from 'immer';
import { apiError } from '../core/errors.js';
import { empty } from '../core/http.js';
import { readableEntry } from '../core/readable.js';
import {
  accountsOf,
  cardAccountsOf,
  readableCustomer,
  removeCardAccount,
  removeCustomer,
} from '../core/records.js';
import type { Operation } from '../core/router.js';
import type { Agreement, State } from '../core/state.js';
import { agreementKeysOfPerson } from '../core/state-index.js';
import { removeAccounts } from './lookup.js';

/**
 * DELETE /v1/sandbox/customers/{customerId}: the customer goes with everything it holds: its
 * accounts and card accounts with their transactions, the agreements it owns, and every engagement
 * that names it as the PSU in another customer's agreement.
 */
export const deleteCustomer: Operation = (draft, input) => {
  const id = input.params.customerId ?? '';
  // Read as plain data: a draft of the customer, deleted below, would have immer walk every customer.
  const customer = readableCustomer(draft, id);
  if (!customer) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox customer with id ${id.slice(0, 80)}`, {
      path: 'customerId',
      status: 404,
    });
  }
  const number = customer.customerNumber;
  // Found in the state as it was before anything is written, by key (core/records.ts, core/state-index.ts).
  const state = draft as State;
  const accountIds = accountsOf(state, number).map((account) => account.id);
  const cardIds = cardAccountsOf(state, number).map((card) => card.id);
  const agreementKeys = agreementKeysOfPerson(state, number);
  removeAccounts(draft, accountIds);
  for (const cardId of cardIds) {
    removeCardAccount(draft, cardId);
    delete draft.cardTransactions[cardId];
  }
  for (const key of agreementKeys) {
    // Read as plain data, as the customer is: an owned agreement is deleted.
    const owner = readableEntry(draft.agreements, key)?.owner;
    if (owner === undefined) continue;
    if (owner === number) {
      delete draft.agreements[key];
      continue;
    }
    const agreement = draft.agreements[key] as Draft<Agreement>;
    agreement.engagements = agreement.engagements.filter((e) => e.customer !== number);
  }
  removeCustomer(draft, id);
  return empty(204);
};
