import { current, type Draft } from 'immer';
import { reconcile } from '../core/reconcile.js';
import type { BankState, State } from '../core/state.js';

/**
 * Brings the bank in `draft` back to `target`, as one change that touches only what differs
 * (docs/decisions/time-travel.md). Two things do not go back: the named snapshots, which live
 * outside the bank's timeline, and the pages' token counter, which only rises so that no browser is
 * ever handed a cookie or CSRF token some browser already holds (as on a reset).
 */
export function restoreBank(draft: Draft<State>, target: BankState): void {
  const base = current(draft) as State;
  const wanted: State = {
    ...target,
    snapshots: base.snapshots,
    pages: { ...target.pages, counter: Math.max(base.pages.counter, target.pages.counter) },
  };
  reconcile(
    draft as unknown as Record<string, unknown>,
    base as unknown as Record<string, unknown>,
    wanted as unknown as Record<string, unknown>,
  );
}
