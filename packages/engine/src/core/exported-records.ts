import {
  flatIfKeyed,
  isChunkPart,
  isKeyed,
  type KeyedChunks,
  type KeyedLayout,
  keyedFrom,
  LAYOUT,
} from './keyed-chunks.js';
import { exportedState } from './replay.js';
import {
  type BankState,
  type ExportedBankState,
  type ExportedState,
  isKeyedSlice,
  KEYED_SLICES,
  type KeyedSlice,
  type State,
} from './state.js';

/**
 * The state export's records of `KEYED_SLICES` (customers, accounts, card accounts, payments…: one
 * flat record each, in insertion order) and the engine's (chunks, core/keyed-chunks.ts), converted at the
 * edges: `GET /_sandbank/state` lists them flat, byte for byte as before; an import, a state mirror
 * reading the export and a store holding a state written before the chunks all turn them back into
 * chunks with `stateFromExport`.
 */

function keyed<T>(value: KeyedChunks<T> | Readonly<Record<string, T>>, layout: KeyedLayout): KeyedChunks<T> {
  // Only a record is converted: anything else stays, for a validation to name.
  if (isKeyed(value) || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value as KeyedChunks<T>;
  }
  return keyedFrom(value as Record<string, T>, layout);
}

/**
 * The layout a flat slice is turned into: payments and authorisations in `layout` (a store's restore
 * asks for the one the session-5 engine wrote its changes in); the others always in today's, the
 * layout they were first kept in chunks in (consents: issue 21, session 32; SCA sessions and signing
 * baskets: session 35; accounts: session 36; customers and card accounts: session 37).
 */
function layoutFor(slice: KeyedSlice, layout: KeyedLayout): KeyedLayout {
  return slice === 'payments' || slice === 'authorisations' ? layout : LAYOUT;
}

function internalBank(
  bank: BankState | ExportedBankState,
  layout: KeyedLayout,
  slices: readonly KeyedSlice[],
): BankState {
  let converted: Record<string, unknown> | null = null;
  for (const slice of slices) {
    const value = bank[slice] as KeyedChunks<unknown> | Record<string, unknown>;
    const inChunks = keyed(value, layoutFor(slice, layout));
    if (inChunks === value) continue;
    converted ??= { ...bank };
    converted[slice] = inChunks;
  }
  return (converted ?? bank) as BankState;
}

/**
 * The engine's state from an exported one (or from one already in the engine's shape, returned as it
 * is): the keyed slices (`slices`, all by default), the bank's and each snapshot's, in chunks. Validates
 * nothing: an import parses with `StateSchema` first. A store's restore asks for the earlier layout:
 * the changes it logged after a state stored flat were written in it (core/keyed-chunks.ts).
 */
export function stateFromExport(
  state: ExportedState | State,
  layout: KeyedLayout = LAYOUT,
  slices: readonly KeyedSlice[] = KEYED_SLICES,
): State {
  if (state === null || typeof state !== 'object') return state;
  const bank = internalBank(state, layout, slices);
  let snapshots = state.snapshots as State['snapshots'];
  for (const [name, snapshot] of Object.entries(state.snapshots ?? {})) {
    if (snapshot === null || typeof snapshot !== 'object' || snapshot.state === null) continue;
    if (typeof snapshot.state !== 'object') continue;
    const inner = internalBank(snapshot.state, layout, slices);
    if (inner === snapshot.state) continue;
    if (snapshots === state.snapshots) snapshots = { ...(state.snapshots as State['snapshots']) };
    snapshots[name] = { ...snapshot, state: inner };
  }
  if (bank === state && snapshots === state.snapshots) return state as State;
  return { ...bank, snapshots };
}

/** A bank (a snapshot's) as the export lists it: the keyed slices flat. */
export function exportedBank(bank: BankState): ExportedBankState {
  const exported: Record<string, unknown> = { ...bank };
  for (const slice of KEYED_SLICES) exported[slice] = flatIfKeyed(bank[slice]);
  return exported as ExportedBankState;
}

/** The state as the export lists it: the keyed slices flat (the bank's and each snapshot's). */
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
 * The slices a change (its immer patches, as a store logs them) writes in chunks: a state stored
 * before that slice was kept in chunks is converted before such a change is applied to it.
 */
export function slicesWrittenInChunks(
  patches: ReadonlyArray<{ path: ReadonlyArray<string | number> }>,
): Set<KeyedSlice> {
  const written = new Set<KeyedSlice>();
  for (const { path } of patches) {
    const [slice, part] = path;
    if (isKeyedSlice(slice) && isChunkPart(part)) written.add(slice);
  }
  return written;
}

/**
 * The state as `GET /_sandbank/state` exports it (and `PUT` imports it), from the engine's own
 * (`sandbox.getState()`): the slices kept in chunks flat, the replay memory's blocks joined.
 */
export function stateToExport(state: State): ExportedState {
  return exportedRecords(exportedState(state));
}
