import { createPayment, ndctBody, newSandbox } from '@sandbank/test-support/payments';
import { produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { stateFromExport } from '../../src/core/exported-records.js';
import { EARLIER, flatRecord } from '../../src/core/keyed-chunks.js';
import { accountById, accountList, paymentList, putAccount, putPayment } from '../../src/core/records.js';
import type { Account, Payment, State } from '../../src/index.js';
import { restored, storedSnapshot } from './stored-snapshot.js';

// A store written before the accounts were kept in chunks (issue 21, session 36): its snapshot and
// its log hold them flat, beside payments and consents already in chunks. The restore converts them
// before the first change that writes them in chunks, and not before (docs/decisions/keyed-chunks.md).

/** The previous engine's state: the accounts flat. */
function flat(state: State): State {
  return { ...state, accounts: flatRecord(state.accounts) } as unknown as State;
}

describe('restoring a store written before the accounts were kept in chunks', () => {
  test('applies its flat changes to flat accounts, then converts them for the first change in chunks', async () => {
    const sb = newSandbox();
    const state = sb.getState();
    const [first, second, third] = accountList(state) as [Account, Account, Account];
    const old = flat(state);
    const { snapshot, load } = await storedSnapshot(old);
    // The old engine logged a balance change, a deletion and a new account, all at flat paths, in
    // one change with a payment (in chunks since session 5): the payment's chunks must not turn the
    // accounts into chunks before their own change.
    const payment = await createPayment(sb, ndctBody(state));
    expect(payment.status).toBe(201);
    const made = paymentList(sb.getState()).at(-1) as Payment;
    const added: Account = { ...third, id: 'account-before-the-upgrade', bban: '97100000012' };
    const [afterOld, oldPatches] = produceWithPatches(old, (draft) => {
      const accounts = draft.accounts as unknown as Record<string, Account>;
      (accounts[first.id] as Account).booked = '1.00';
      delete accounts[second.id];
      accounts[added.id] = added;
      putPayment(draft, made);
    });
    // Today's engine restored that, in chunks, and logged another balance change and a new account.
    const converted = stateFromExport(afterOld as never, EARLIER);
    const newest: Account = { ...third, id: 'account-after-the-upgrade', bban: '97100000020' };
    const [, newPatches] = produceWithPatches(converted, (draft) => {
      (accountById(draft, third.id) as Account).booked = '3.00';
      putAccount(draft, newest);
    });
    const outcome = await restored(
      snapshot,
      [
        { seq: 1, patches: oldPatches },
        { seq: 2, patches: newPatches },
      ],
      load,
    );
    expect(outcome.replaced).toBe(true);
    const ids = accountList(state).map((a) => a.id);
    expect(accountList(outcome.state).map((a) => a.id)).toEqual([
      ...ids.filter((id) => id !== second.id),
      added.id,
      newest.id,
    ]);
    expect(accountById(outcome.state, first.id)?.booked).toBe('1.00');
    expect(accountById(outcome.state, third.id)?.booked).toBe('3.00');
    expect(accountById(outcome.state, second.id)).toBeUndefined();
    expect(paymentList(outcome.state).at(-1)).toEqual(made);
  });

  test('converts a flat store with no change in chunks at its end, in chunks from then on', async () => {
    const state = newSandbox().getState();
    const { snapshot, load } = await storedSnapshot(flat(state));
    const outcome = await restored(snapshot, [], load);
    expect(outcome.replaced).toBe(true);
    expect(outcome.state.accounts).toEqual(state.accounts);
  });
});
