import { current, isDraft } from 'immer';
import { z } from 'zod';
import { apiError } from '../core/errors.js';
import { empty, json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { State } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { createSeedState } from '../sandbox-api/seed.js';

/** GET /_sandbank/state: the whole state, for export. */
export const exportState: Operation = (draft) =>
  // The draft is revoked once the operation returns: answer with a plain copy.
  json(200, isDraft(draft) ? current(draft) : draft);

/** PUT /_sandbank/state: replaces the state; an invalid state is rejected whole. */
export const importState: Operation = (draft, input) => {
  const parsed = State.safeParse(input.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw apiError(
      'FORMAT_ERROR',
      `the imported state is invalid and was not applied: ${path === '' ? '' : `${path}: `}${issue?.message ?? 'unknown problem'}`,
      path === '' ? {} : { path },
    );
  }
  Object.assign(draft, parsed.data);
  return empty(204);
};

const ResetBody = z.strictObject({ seed: z.string().min(1).max(200).optional() }).optional();

/** POST /_sandbank/reset: back to the seeded state (optionally with another seed). */
export const resetState: Operation = (draft, input, ctx) => {
  const body = parseWith(ResetBody, input.body, 'body');
  const offsetMs = draft.clock.offsetMs;
  Object.assign(draft, createSeedState(body?.seed ?? draft.meta.seed, ctx.now));
  draft.clock.offsetMs = offsetMs;
  return empty(204);
};
