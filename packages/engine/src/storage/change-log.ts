import { applyPatches, enablePatches, type Patch } from 'immer';
import type { State } from '../core/state.js';

enablePatches();

/**
 * Whether a change replaced a whole slice of the state (PUT /_sandbank/state, a reset): that can be
 * the whole ledger, better folded into the snapshot soon than restored from the log.
 */
export function replacesSlice(patches: readonly Patch[]): boolean {
  return patches.some((patch) => patch.path.length <= 1);
}

/**
 * One log entry's patches applied to the state. Top-level replacements (PUT /_sandbank/state sets
 * every slice) are taken as they are: the record was just read from storage and nothing else holds
 * it, while applyPatches would deep-copy each value first, all of a big state's transactions
 * included. The rest goes through immer, in order.
 */
export function applyLogEntry(state: State, patches: Patch[]): State {
  let current = state;
  let pending: Patch[] = [];
  const flush = () => {
    if (pending.length > 0) current = applyPatches(current, pending);
    pending = [];
  };
  for (const patch of patches) {
    if (patch.op === 'remove' || patch.path.length > 1) {
      pending.push(patch);
      continue;
    }
    flush();
    const [key] = patch.path;
    current = key === undefined ? (patch.value as State) : ({ ...current, [key]: patch.value } as State);
  }
  flush();
  return current;
}
