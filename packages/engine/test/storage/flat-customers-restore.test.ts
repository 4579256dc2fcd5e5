import { createPayment, ndctBody, newSandbox } from '@sandbank/test-support/payments';
import { produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { stateFromExport } from '../../src/core/exported-records.js';
import { EARLIER, flatRecord } from '../../src/core/keyed-chunks.js';
import {
  cardAccountById,
  cardAccountList,
  customerById,
  customerList,
  paymentList,
  putCardAccount,
  putCustomer,
  putPayment,
} from '../../src/core/records.js';
import type { CardAccount, Customer, Payment, State } from '../../src/index.js';
import { restored, storedSnapshot } from './stored-snapshot.js';

// A store written before the customers and the card accounts were kept in chunks (issue 21, session
// 37): its snapshot and its log hold them flat, beside the accounts, payments and consents already in
// chunks. The restore converts each before the first change that writes it in chunks, and not before
// (docs/decisions/keyed-chunks.md).

/** The previous engine's state: the customers and the card accounts flat. */
function flat(state: State): State {
  return {
    ...state,
    customers: flatRecord(state.customers),
    cardAccounts: flatRecord(state.cardAccounts),
  } as unknown as State;
}

describe('restoring a store written before the customers and card accounts were kept in chunks', () => {
  test('applies flat changes to them, then converts each for its first change in chunks', async () => {
    const sb = newSandbox();
    const state = sb.getState();
    const [first, second] = customerList(state) as [Customer, Customer];
    const [card, otherCard] = cardAccountList(state) as [CardAccount, CardAccount];
    const old = flat(state);
    const { snapshot, load } = await storedSnapshot(old);
    // The old engine logged a new customer, a deletion and a card's new limit at flat paths, in one
    // change with a payment (in chunks since session 5).
    const payment = await createPayment(sb, ndctBody(state));
    expect(payment.status).toBe(201);
    const made = paymentList(sb.getState()).at(-1) as Payment;
    const added: Customer = {
      ...first,
      customerId: 'customer-before-the-upgrade',
      customerNumber: '01019000018',
    };
    const [afterOld, oldPatches] = produceWithPatches(old, (draft) => {
      const customers = draft.customers as unknown as Record<string, Customer>;
      const cards = draft.cardAccounts as unknown as Record<string, CardAccount>;
      delete customers[second.customerId];
      customers[added.customerId] = added;
      (cards[card.id] as CardAccount).creditLimit = '1.00';
      putPayment(draft, made);
    });
    // Today's engine restored that, in chunks, and logged a new customer and a card's new limit
    // (the card accounts' first change in chunks in a change of its own).
    const converted = stateFromExport(afterOld as never, EARLIER);
    const newest: Customer = {
      ...first,
      customerId: 'customer-after-the-upgrade',
      customerNumber: '01019000026',
    };
    const [between, customerPatches] = produceWithPatches(converted, (draft) => putCustomer(draft, newest));
    const [, cardPatches] = produceWithPatches(between, (draft) => {
      putCardAccount(draft, { ...otherCard, creditLimit: '2.00' });
    });
    const outcome = await restored(
      snapshot,
      [
        { seq: 1, patches: oldPatches },
        { seq: 2, patches: customerPatches },
        { seq: 3, patches: cardPatches },
      ],
      load,
    );
    expect(outcome.replaced).toBe(true);
    const ids = customerList(state).map((c) => c.customerId);
    expect(customerList(outcome.state).map((c) => c.customerId)).toEqual([
      ...ids.filter((id) => id !== second.customerId),
      added.customerId,
      newest.customerId,
    ]);
    expect(customerById(outcome.state, second.customerId)).toBeUndefined();
    expect(cardAccountList(outcome.state).map((c) => c.id)).toEqual(cardAccountList(state).map((c) => c.id));
    expect(cardAccountById(outcome.state, card.id)?.creditLimit).toBe('1.00');
    expect(cardAccountById(outcome.state, otherCard.id)?.creditLimit).toBe('2.00');
    expect(paymentList(outcome.state).at(-1)).toEqual(made);
  });

  test('converts a flat store with no change in chunks at its end, in chunks from then on', async () => {
    const state = newSandbox().getState();
    const { snapshot, load } = await storedSnapshot(flat(state));
    const outcome = await restored(snapshot, [], load);
    expect(outcome.replaced).toBe(true);
    expect(outcome.state.customers).toEqual(state.customers);
    expect(outcome.state.cardAccounts).toEqual(state.cardAccounts);
  });
});
