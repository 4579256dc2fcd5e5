import {
  flatIfKeyed,
  isKeyed,
  type KeyedChunks,
  type KeyedLayout,
  keyedFrom,
  LAYOUT,
} from './keyed-chunks.js';
import { exportedState } from './replay.js';
import type { BankState, ExportedBankState, ExportedState, State } from './state.js';

/**
 * The state export's payments and authorisations (one flat record each, in insertion order) and the
 * engine's (chunks, core/keyed-chunks.ts), converted at the edges: `GET /_sandbank/state` lists them
 * flat, byte for byte as before; an import, a state mirror reading the export and a store holding a
 * state written before the chunks all turn them back into chunks with `stateFromExport`.
 */

function keyed<T>(value: KeyedChunks<T> | Readonly<Record<string, T>>, layout: KeyedLayout): KeyedChunks<T> {
  // Only a record is converted: anything else stays, for a validation to name.
  if (isKeyed(value) || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value as KeyedChunks<T>;
  }
  return keyedFrom(value as Record<string, T>, layout);
}

function internalBank(bank: BankState | ExportedBankState, layout: KeyedLayout): BankState {
  const payments = keyed(bank.payments, layout);
  const authorisations = keyed(bank.authorisations, layout);
  if (payments === bank.payments && authorisations === bank.authorisations) return bank as BankState;
  return { ...bank, payments, authorisations };
}

/**
 * The engine's state from an exported one (or from one already in the engine's shape, returned as it
 * is): payments and authorisations, the bank's and each snapshot's, in chunks. Validates nothing: an
 * import parses with `StateSchema` first. A store's restore asks for the earlier layout: the changes
 * it logged after a state stored flat were written in it (core/keyed-chunks.ts).
 */
export function stateFromExport(state: ExportedState | State, layout: KeyedLayout = LAYOUT): State {
  if (state === null || typeof state !== 'object') return state;
  const bank = internalBank(state, layout);
  let snapshots = state.snapshots as State['snapshots'];
  for (const [name, snapshot] of Object.entries(state.snapshots ?? {})) {
    if (snapshot === null || typeof snapshot !== 'object' || snapshot.state === null) continue;
    if (typeof snapshot.state !== 'object') continue;
    const inner = internalBank(snapshot.state, layout);
    if (inner === snapshot.state) continue;
    if (snapshots === state.snapshots) snapshots = { ...(state.snapshots as State['snapshots']) };
    snapshots[name] = { ...snapshot, state: inner };
  }
  if (bank === state && snapshots === state.snapshots) return state as State;
  return { ...bank, snapshots };
}

function flat<T>(value: KeyedChunks<T>): Record<string, T> {
  return flatIfKeyed(value) as Record<string, T>;
}

/** A bank (a snapshot's) as the export lists it: payments and authorisations flat. */
export function exportedBank(bank: BankState): ExportedBankState {
  return { ...bank, payments: flat(bank.payments), authorisations: flat(bank.authorisations) };
}

/** The state as the export lists it: payments and authorisations flat (the bank's and each snapshot's). */
export function exportedRecords(state: State): ExportedState {
  const all = state.snapshots as unknown;
  if (all === null || typeof all !== 'object') return exportedBank(state) as ExportedState;
  const snapshots: ExportedState['snapshots'] = {};
  for (const [name, snapshot] of Object.entries(state.snapshots)) {
    const valid = snapshot !== null && typeof snapshot === 'object' && typeof snapshot.state === 'object';
    snapshots[name] =
      valid && snapshot.state !== null
        ? { ...snapshot, state: exportedBank(snapshot.state) }
        : (snapshot as never);
  }
  return { ...exportedBank(state), snapshots };
}

/**
 * Whether a change (its immer patches, as a store logs them) writes payments or authorisations in
 * chunks: a state stored before the chunks is converted before such a change is applied to it.
 */
export function writesChunks(patches: ReadonlyArray<{ path: ReadonlyArray<string | number> }>): boolean {
  return patches.some(
    ({ path }) =>
      (path[0] === 'payments' || path[0] === 'authorisations') &&
      (path[1] === 'groups' || path[1] === 'index' || path[1] === 'chunks' || path[1] === 'where'),
  );
}

/**
 * The state as `GET /_sandbank/state` exports it (and `PUT` imports it), from the engine's own
 * (`sandbox.getState()`): payments and authorisations flat, the replay memory's blocks joined.
 */
export function stateToExport(state: State): ExportedState {
  return exportedRecords(exportedState(state));
}
