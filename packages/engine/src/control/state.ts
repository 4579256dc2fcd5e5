import { isDraft, original } from 'immer';
import * as z from 'zod';
import { apiError } from '../core/errors.js';
import { freezeDeep } from '../core/freeze.js';
import { empty, json } from '../core/http.js';
import { exportedState } from '../core/replay.js';
import type { Operation } from '../core/router.js';
import { State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { reseed } from '../sandbox-api/seed.js';
import { StateForImport } from './import-schema.js';

/**
 * GET /_sandbank/state: the whole state, for export (the untouched original: no copy of a large state;
 * the replay memory's blocks joined, as the format lists them).
 */
export const exportState: Operation = (draft) =>
  json(200, exportedState(isDraft(draft) ? (original(draft) as State) : draft));

/**
 * The state a body describes, validated whole. The fast schema first (`StateForImport`: the ledgers as
 * parsed, each chunk checked strictly); anything it refuses goes through `State`, which names the first
 * problem, or strips fields the contract does not define, exactly as it always did.
 */
function importedState(body: unknown): State {
  const fast = StateForImport?.safeParse(body);
  if (fast?.success) return fast.data as State;
  const parsed = State.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw apiError(
      'FORMAT_ERROR',
      `the imported state is invalid and was not applied: ${path === '' ? '' : `${path}: `}${issue?.message ?? 'unknown problem'}`,
      path === '' ? {} : { path },
    );
  }
  return parsed.data;
}

/** PUT /_sandbank/state: replaces the state; an invalid state is rejected whole. */
export const importState: Operation = (draft, input) => {
  const data = importedState(input.body);
  // Frozen here, in one pass, it is final for immer: otherwise immer walks the new tree at the end of
  // the change, recording every object in a set to find drafts that cannot be there (a third of an
  // import of 1 000 000 transactions, docs/benchmarks.md). The state is frozen either way; a plain
  // Object.freeze walk, not immer's `freeze`, which costs several times as much.
  freezeDeep(data);
  // A file exported before snapshots existed (or saved without them) leaves the bank's snapshots as they are.
  const keepSnapshots = typeof input.body === 'object' && input.body !== null && !('snapshots' in input.body);
  Object.assign(draft, keepSnapshots ? { ...data, snapshots: draft.snapshots } : data);
  return empty(204);
};

const ResetBody = z.strictObject({ seed: z.string().min(1).max(200).optional() }).optional();

/** POST /_sandbank/reset: back to the seeded state (optionally with another seed). */
export const resetState: Operation = (draft, input, ctx) => {
  const body = parseWith(ResetBody, input.body, 'body');
  reseed(draft, body?.seed ?? draft.meta.seed, ctx.now);
  return empty(204);
};
