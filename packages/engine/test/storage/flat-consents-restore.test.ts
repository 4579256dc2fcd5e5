import { consent, KARI, OLA, sandbox } from '@sandbank/test-support/ais';
import { createPayments } from '@sandbank/test-support/payments';
import { produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { stateFromExport } from '../../src/core/exported-records.js';
import { EARLIER, flatRecord } from '../../src/core/keyed-chunks.js';
import { consentById, consentList, putConsent } from '../../src/core/records.js';
import type { Consent, State } from '../../src/index.js';
import { restored, storedSnapshot } from './stored-snapshot.js';

// A store written before the consents were kept in chunks (issue 21, session 32): its snapshot and
// its log hold them flat, beside payments already in chunks. The restore converts the consents before
// the first change that writes them in chunks, and not before (docs/decisions/keyed-chunks.md).

/** A bank with Kari's and Ola's consents and a payment, as today's engine keeps it. */
async function bank(): Promise<State> {
  const sb = sandbox();
  await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  await consent(sb, { nationalId: OLA, context: 'PRIVATE', accounts: 'all' }, 'session-2');
  await createPayments(sb, 1);
  return sb.getState();
}

describe('restoring a store written before consents were kept in chunks', () => {
  test('applies its flat changes to flat consents, then converts them for the first change in chunks', async () => {
    const state = await bank();
    const [kari, ola] = consentList(state) as [Consent, Consent];
    // The previous engine's state: payments in chunks, consents flat.
    const old = { ...state, consents: flatRecord(state.consents) };
    const { snapshot, load } = await storedSnapshot(old);
    // It logged a payment change (in chunks), then a consent change (flat paths): the payment's
    // change must not turn the consents into chunks, or the flat change after it would not apply.
    const [afterPayment, paymentPatches] = produceWithPatches(old, (draft) => {
      const group = (
        draft.payments as unknown as { groups: Array<Array<Record<string, { psuMessage: unknown }>>> }
      ).groups[0]?.[0];
      const [id] = Object.keys(group ?? {});
      (group as Record<string, { psuMessage: unknown }>)[id as string]!.psuMessage = 'old engine';
    });
    const [afterOld, consentPatches] = produceWithPatches(afterPayment, (draft) => {
      (draft.consents as unknown as Record<string, Consent>)[kari.consentId]!.detailsCount = 7;
    });
    // Today's engine restored that, its consents now in chunks, and logged changes in chunks.
    const converted = stateFromExport(afterOld as never, EARLIER);
    const added: Consent = { ...ola, consentId: 'consent-added-after-the-upgrade', tppId: 'another-tpp' };
    const [, newPatches] = produceWithPatches(converted, (draft) => {
      (consentById(draft, ola.consentId) as Consent).status = 'revoked';
      putConsent(draft, added);
    });
    const outcome = await restored(
      snapshot,
      [
        { seq: 1, patches: paymentPatches },
        { seq: 2, patches: consentPatches },
        { seq: 3, patches: newPatches },
      ],
      load,
    );
    expect(outcome.replaced).toBe(true);
    expect(consentList(outcome.state).map((c) => c.consentId)).toEqual([
      kari.consentId,
      ola.consentId,
      added.consentId,
    ]);
    expect(consentById(outcome.state, kari.consentId)?.detailsCount).toBe(7);
    expect(consentById(outcome.state, ola.consentId)?.status).toBe('revoked');
    expect(consentById(outcome.state, added.consentId)?.tppId).toBe('another-tpp');
  });

  test('converts a flat store with no change in chunks at its end, in chunks from then on', async () => {
    const state = await bank();
    const { snapshot, load } = await storedSnapshot({ ...state, consents: flatRecord(state.consents) });
    const outcome = await restored(snapshot, [], load);
    expect(outcome.replaced).toBe(true);
    expect(outcome.state.consents).toEqual(state.consents);
  });
});
