import { createPayments, newSandbox } from '@sandbank/test-support/payments';
import { produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { stateFromExport } from '../../src/core/exported-records.js';
import { EARLIER, flatRecord } from '../../src/core/keyed-chunks.js';
import { putPayment } from '../../src/core/records.js';
import { type Payment, paymentById, paymentList, type State } from '../../src/index.js';
import { restored, storedSnapshot } from './stored-snapshot.js';

// A store written before payments and authorisations were kept in chunks: its snapshot and its log
// hold them flat. The restore converts them (docs/decisions/keyed-chunks.md).

async function bankWithPayments(count: number): Promise<{ state: State; ids: string[] }> {
  const sb = newSandbox();
  const ids = await createPayments(sb, count);
  return { state: sb.getState(), ids };
}

/** The state as the previous engine kept it: payments and authorisations in flat records. */
function flatForm(state: State): Record<string, unknown> {
  return { ...state, payments: flatRecord(state.payments), authorisations: flatRecord(state.authorisations) };
}

describe('restoring a store written before payments were kept in chunks', () => {
  test('converts the flat snapshot after its flat changes, before the first change in chunks, and asks for a rewrite', async () => {
    const { state, ids } = await bankWithPayments(3);
    const [first, second] = ids as [string, string];
    const old = flatForm(state);
    const { snapshot, load } = await storedSnapshot(old);
    // A change an engine logged before the chunks (flat paths), then one the session-5 engine logged
    // in chunks (its layout: chunks of 64, 64 buckets), adding a payment, so its index entry lands in
    // the bucket that layout hashes the id to.
    const [afterOld, oldPatches] = produceWithPatches(old, (draft) => {
      (draft.payments as Record<string, { psuMessage: string | null }>)[first]!.psuMessage = 'old engine';
    });
    const converted = stateFromExport(afterOld as never, EARLIER);
    // An id the two layouts put in different buckets (25 of 64, 153 of 256).
    const added = 'enc!!added-by-the-session-5-engine-3';
    const [, newPatches] = produceWithPatches(converted, (draft) => {
      (paymentById(draft, second) as { psuMessage: string | null }).psuMessage = 'new engine';
      putPayment(draft, { ...(paymentById(converted, second) as Payment), paymentId: added });
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
    expect(paymentList(outcome.state).map((p) => p.paymentId)).toEqual([...ids, added]);
    expect(paymentById(outcome.state, added)?.paymentId).toBe(added);
    expect(paymentById(outcome.state, first)?.psuMessage).toBe('old engine');
    expect(paymentById(outcome.state, second)?.psuMessage).toBe('new engine');
  });

  test('restores a store written in chunks as it is, without asking for a rewrite', async () => {
    const { state, ids } = await bankWithPayments(2);
    const { snapshot, load } = await storedSnapshot(state);
    const outcome = await restored(snapshot, [], load);
    expect(outcome.replaced).toBe(false);
    expect(paymentList(outcome.state).map((p) => p.paymentId)).toEqual(ids);
  });
});
