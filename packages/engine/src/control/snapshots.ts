import { current, isDraft, original } from 'immer';
import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { exportedBank } from '../core/exported-records.js';
import { empty, json } from '../core/http.js';
import { ownEntry } from '../core/ids.js';
import { accountCount, consentCount, paymentCount } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { type BankState, type Snapshot, SnapshotName, type State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { restoreBank } from './restore-bank.js';

export const SnapshotSave = z.strictObject({ name: SnapshotName });

function describe(name: string, snapshot: Snapshot) {
  const state = snapshot.state;
  return {
    name,
    savedAt: snapshot.savedAt,
    payments: paymentCount(state),
    consents: consentCount(state),
    accounts: accountCount(state),
  };
}

function find(state: State, raw: string | undefined): { name: string; snapshot: Snapshot } {
  const name = raw ?? '';
  const snapshot = ownEntry(state.snapshots, name);
  if (snapshot === undefined) {
    throw apiError('RESOURCE_UNKNOWN', `no snapshot named "${name.slice(0, 80)}"`, { status: 404 });
  }
  return { name, snapshot };
}

/** GET /_sandbank/snapshots: the named snapshots, oldest first (without their states). */
export const listSnapshots: Operation = (draft) => {
  const entries = Object.entries(draft.snapshots as State['snapshots']).sort(
    ([, a], [, b]) => a.savedAt - b.savedAt,
  );
  return json(200, { snapshots: entries.map(([name, snapshot]) => describe(name, snapshot)) });
};

/**
 * POST /_sandbank/snapshots `{ "name": … }`: keeps the bank as it is now under that name (201; 200
 * when it replaced a snapshot of the same name). Snapshots live in the state, so they are stored
 * and shared like any change and survive a restart (docs/decisions/time-travel.md).
 */
export const saveSnapshot: Operation = (draft, input, ctx) => {
  const { name } = parseWith(SnapshotSave, input.body, 'body');
  const existed = ownEntry(draft.snapshots, name) !== undefined;
  const { snapshots: _kept, ...bank } = current(draft) as State;
  draft.snapshots[name] = { savedAt: ctx.now, state: bank as BankState };
  const path = `/_sandbank/snapshots/${encodeURIComponent(name)}`;
  return json(
    existed ? 200 : 201,
    describe(name, { savedAt: ctx.now, state: bank as BankState }),
    existed ? {} : { location: `${ctx.mount ?? ''}${path}` },
  );
};

/** GET /_sandbank/snapshots/{name}: one snapshot with its state (the file an import takes). */
export const getSnapshot: Operation = (draft, input) => {
  const state = (isDraft(draft) ? original(draft) : draft) as State;
  const { name, snapshot } = find(state, input.params.name);
  // In the export's format (the slices kept in chunks listed flat): the file `PUT /_sandbank/state` takes.
  return json(200, { ...describe(name, snapshot), state: exportedBank(snapshot.state) });
};

/** POST /_sandbank/snapshots/{name}/restore: the bank as saved, as one commit (snapshots stay). */
export const restoreSnapshot: Operation = (draft, input) => {
  const { name, snapshot } = find(current(draft) as State, input.params.name);
  restoreBank(draft, snapshot.state);
  return json(200, { restored: name, savedAt: snapshot.savedAt });
};

/** DELETE /_sandbank/snapshots/{name} */
export const deleteSnapshot: Operation = (draft, input) => {
  const { name } = find(draft as State, input.params.name);
  delete draft.snapshots[name];
  return empty(204);
};
