import { apiError } from '../core/errors.js';
import { empty } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { removeAccount } from './lookup.js';

/**
 * DELETE /v1/sandbox/customers/{customerId}: the customer goes with everything it holds: its
 * accounts and card accounts with their transactions, the agreements it owns, and every engagement
 * that names it as the PSU in another customer's agreement.
 */
export const deleteCustomer: Operation = (draft, input) => {
  const id = input.params.customerId ?? '';
  const customer = draft.customers[id];
  if (!customer) {
    throw apiError('RESOURCE_UNKNOWN', `no sandbox customer with id ${id.slice(0, 80)}`, {
      path: 'customerId',
      status: 404,
    });
  }
  const number = customer.customerNumber;
  for (const account of Object.values(draft.accounts)) {
    if (account.customerNumber === number) removeAccount(draft, account.id);
  }
  for (const card of Object.values(draft.cardAccounts)) {
    if (card.customerNumber !== number) continue;
    delete draft.cardAccounts[card.id];
    delete draft.cardTransactions[card.id];
  }
  for (const agreement of Object.values(draft.agreements)) {
    if (agreement.owner === number) {
      delete draft.agreements[agreement.agreementId];
      continue;
    }
    agreement.engagements = agreement.engagements.filter((e) => e.customer !== number);
  }
  delete draft.customers[id];
  return empty(204);
};
