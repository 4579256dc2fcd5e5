import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { MAX_CLOCK_OFFSET_MS } from '../core/state.js';
import { parseWith } from '../core/validate.js';
import { int } from '../core/zod-support.js';
import { catchUpProcessing } from '../payments/batch.js';

/** The most one change moves the clock forward: the batch runs in between all happen in that request. */
const MAX_STEP_MINUTES = 10 * 366 * 24 * 60;

export const ClockChange = z.union([
  z.strictObject({ set: z.iso.datetime({ offset: true }) }),
  z.strictObject({
    advanceMinutes: int().check(z.gte(0), z.lte(MAX_STEP_MINUTES)),
  }),
]);

function clockBody(now: number, offsetMs: number) {
  return { now: new Date(now).toISOString(), offsetMs };
}

/** GET /_sandbank/clock: the bank clock. */
export const getClock: Operation = (draft, _input, ctx) =>
  json(200, clockBody(ctx.now, draft.clock.offsetMs));

/**
 * POST /_sandbank/clock: `{"set": "<ISO date-time>"}` or `{"advanceMinutes": N}`. The clock keeps
 * running from the new time at the clock source's pace.
 */
export const changeClock: Operation = (draft, input, ctx) => {
  const change = parseWith(ClockChange, input.body, 'body');
  const target = 'set' in change ? Date.parse(change.set) : ctx.now + change.advanceMinutes * 60_000;
  const path = 'set' in change ? 'set' : 'advanceMinutes';
  if (!Number.isFinite(target) || Math.abs(target - ctx.sourceNow) > MAX_CLOCK_OFFSET_MS) {
    throw apiError(
      'FORMAT_ERROR',
      `the bank time must stay within 100 years of the clock source (${new Date(ctx.sourceNow).toISOString()})`,
      { path },
    );
  }
  if (target - ctx.now > MAX_STEP_MINUTES * 60_000) {
    throw apiError(
      'FORMAT_ERROR',
      'set moves the bank clock more than 10 years ahead at once; move it in steps of at most 10 years',
      { path },
    );
  }
  draft.clock.offsetMs = Math.round(target - ctx.sourceNow);
  // The batch runs passed over happen now, so their result is visible at once (part 1).
  catchUpProcessing(draft, target, ctx);
  return json(200, clockBody(target, draft.clock.offsetMs));
};
