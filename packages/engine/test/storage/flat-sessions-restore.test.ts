import { consent, KARI, OLA, sandbox } from '@sandbank/test-support/ais';
import { createBasket, kariPayments } from '@sandbank/test-support/baskets';
import { produceWithPatches } from 'immer';
import { describe, expect, test } from 'vitest';
import { stateFromExport } from '../../src/core/exported-records.js';
import { EARLIER, flatRecord } from '../../src/core/keyed-chunks.js';
import { basketById, basketList, putSession, removeBasket, sessionList } from '../../src/core/records.js';
import type { ScaSession, SigningBasket, State } from '../../src/index.js';
import { restored, storedSnapshot } from './stored-snapshot.js';

// A store written before the SCA sessions and signing baskets were kept in chunks (issue 21,
// session 35): its snapshot and its log hold them flat, beside payments and consents already in
// chunks. The restore converts each before the first change that writes it in chunks, and not before
// (docs/decisions/keyed-chunks.md).

/** A bank with Kari's and Ola's SCA sessions and two baskets of Kari's, as today's engine keeps it. */
async function bank(): Promise<State> {
  const sb = sandbox();
  await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
  await consent(sb, { nationalId: OLA, context: 'PRIVATE', accounts: 'all' }, 'session-2');
  const ids = await kariPayments(sb, 2);
  for (const id of ids) {
    const made = await createBasket(sb, [id]);
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  }
  return sb.getState();
}

/** The previous engine's state: sessions and baskets flat. */
function flat(state: State): State {
  return {
    ...state,
    sessions: flatRecord(state.sessions),
    signingBaskets: flatRecord(state.signingBaskets),
  } as unknown as State;
}

describe('restoring a store written before SCA sessions and signing baskets were kept in chunks', () => {
  test('applies its flat changes to flat slices, then converts each for the first change in chunks', async () => {
    const state = await bank();
    const [kari, ola] = sessionList(state) as [ScaSession, ScaSession];
    const [first, second] = basketList(state) as [SigningBasket, SigningBasket];
    const old = flat(state);
    const { snapshot, load } = await storedSnapshot(old);
    // The old engine logged a session change and a basket deletion, both at flat paths.
    const [afterOld, oldPatches] = produceWithPatches(old, (draft) => {
      const sessions = draft.sessions as unknown as Record<string, ScaSession>;
      (sessions[`${ola.tppId} ${ola.sessionId}`] as ScaSession).status = 'replaced';
      delete (draft.signingBaskets as unknown as Record<string, SigningBasket>)[first.basketId];
    });
    // Today's engine restored that, in chunks, and logged a new session and the other basket deleted:
    // the sessions' change must not turn the baskets into chunks before the baskets' own change.
    const converted = stateFromExport(afterOld as never, EARLIER);
    const added: ScaSession = { ...kari, sessionId: 'session-after-the-upgrade' };
    const [afterSession, sessionPatches] = produceWithPatches(converted, (draft) => {
      putSession(draft, `${added.tppId} ${added.sessionId}`, added);
    });
    const [, basketPatches] = produceWithPatches(afterSession, (draft) => {
      removeBasket(draft, second.basketId);
    });
    const outcome = await restored(
      snapshot,
      [
        { seq: 1, patches: oldPatches },
        { seq: 2, patches: sessionPatches },
        { seq: 3, patches: basketPatches },
      ],
      load,
    );
    expect(outcome.replaced).toBe(true);
    expect(sessionList(outcome.state).map((s) => [s.sessionId, s.status])).toEqual([
      [kari.sessionId, 'active'],
      [ola.sessionId, 'replaced'],
      [added.sessionId, 'active'],
    ]);
    expect(basketList(outcome.state)).toEqual([]);
    expect(basketById(outcome.state, first.basketId)).toBeUndefined();
  });

  test('converts a flat store with no change in chunks at its end, in chunks from then on', async () => {
    const state = await bank();
    const { snapshot, load } = await storedSnapshot(flat(state));
    const outcome = await restored(snapshot, [], load);
    expect(outcome.replaced).toBe(true);
    expect(outcome.state.sessions).toEqual(state.sessions);
    expect(outcome.state.signingBaskets).toEqual(state.signingBaskets);
  });
});
