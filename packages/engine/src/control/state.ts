import { isDraft, original } from 'immer';
import * as z from 'zod/mini';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { exportedRecords, stateFromExport, stateToExport } from '../core/exported-records.js';
import { freezeDeep } from '../core/freeze.js';
import { empty, json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { type ExportedState, State } from '../core/state.js';
import { parseWith, queryOf } from '../core/validate.js';
import { reseed } from '../sandbox-api/seed.js';
import { parseForImport } from './import-schema.js';
import { IssuedIds } from './issued-ids.js';

/** `?shape=engine`: the state as the engine keeps it (`sandbox.getState()`), not the export's format. */
export const ExportQuery = z.object({ shape: z.optional(z.enum(['export', 'engine'])) });

/**
 * GET /_sandbank/state: the whole state, for export (the untouched original: no copy of a large state;
 * the replay memory's blocks joined and the slices kept in chunks flat, as the format lists them).
 * With `?shape=engine`, the state exactly as the engine keeps it: the one a state mirror applies the
 * engine's patches to, since they address the engine's blocks and chunks (docs/decisions/keyed-chunks.md).
 */
export const exportState: Operation = (draft, input) => {
  const state = isDraft(draft) ? (original(draft) as State) : (draft as State);
  return json(200, queryOf(input, ExportQuery).shape === 'engine' ? state : stateToExport(state));
};

/** What every refused import's text starts with; the field and the problem follow. */
export const IMPORT_REFUSED = 'the imported state is invalid and was not applied: ';

function refused(path: string, message: string): never {
  throw apiError(
    'FORMAT_ERROR',
    `${IMPORT_REFUSED}${path === '' ? '' : `${path}: `}${message}`,
    path === '' ? {} : { path },
  );
}

/**
 * The state a body describes, validated whole, in the export's format (a body in the engine's own
 * shape, `sandbox.getState()`, has its chunks listed flat first, so the one schema checks both;
 * docs/decisions/keyed-chunks.md). The fast schema first (`StateForImport`: the ledgers as parsed,
 * each chunk checked strictly); anything it refuses goes through `State`, which names the first
 * problem, or strips fields the contract does not define, exactly as it always did.
 */
export function importedState(body: unknown): ExportedState {
  const flat =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? exportedRecords(body as State) : body;
  // Ids the bank would issue again (a counter set back) are refused too; the fast schema's walk
  // reads the ledgers' ids as it validates them (control/issued-ids.ts).
  const ids = new IssuedIds(flat);
  const fast = parseForImport(flat, ids.ledgers);
  if (fast?.success) {
    const problem = ids.problem(fast.data as ExportedState, true);
    if (problem !== null) refused(problem.path, problem.message);
    return fast.data as ExportedState;
  }
  const parsed = State.safeParse(flat);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    refused(issue?.path.join('.') ?? '', issue?.message ?? 'unknown problem');
  }
  const problem = ids.problem(parsed.data, false);
  if (problem !== null) refused(problem.path, problem.message);
  return parsed.data;
}

/** A problem an imported state has that its schema cannot see, where it is (`faults.rules.0.match`). */
export type ImportCheck = (state: State, ctx: RequestContext) => { path: string; message: string } | null;

/** PUT /_sandbank/state: replaces the state; an invalid state is rejected whole. */
export function createImportState(check: ImportCheck): Operation {
  const importState: Operation = (draft, input, ctx) => {
    const imported = stateFromExport(importedState(input.body));
    const problem = check(imported, ctx);
    if (problem !== null) refused(problem.path, problem.message);
    // Frozen here, in one pass, it is final for immer: otherwise immer walks the new tree at the end of
    // the change, recording every object in a set to find drafts that cannot be there (a third of an
    // import of 1 000 000 transactions, docs/benchmarks.md). The state is frozen either way; a plain
    // Object.freeze walk, not immer's `freeze`, which costs several times as much.
    freezeDeep(imported);
    // A file exported before snapshots existed (or saved without them) leaves the bank's snapshots as they are.
    const keepSnapshots =
      typeof input.body === 'object' && input.body !== null && !('snapshots' in input.body);
    // The pages' token counter only rises, as on a reset or a restore (control/restore-bank.ts): an
    // older file must not hand a new browser the cookie or CSRF token a browser already holds.
    const pages = Object.freeze({
      ...imported.pages,
      counter: Math.max(draft.pages.counter, imported.pages.counter),
    });
    Object.assign(
      draft,
      keepSnapshots ? { ...imported, pages, snapshots: draft.snapshots } : { ...imported, pages },
    );
    return empty(204);
  };
  return importState;
}

const ResetBody = z.optional(
  z.strictObject({ seed: z.optional(z.string().check(z.minLength(1), z.maxLength(200))) }),
);

/** POST /_sandbank/reset: back to the seeded state (optionally with another seed). */
export const resetState: Operation = (draft, input, ctx) => {
  const body = parseWith(ResetBody, input.body, 'body');
  reseed(draft, body?.seed ?? draft.meta.seed, ctx.now);
  return empty(204);
};
