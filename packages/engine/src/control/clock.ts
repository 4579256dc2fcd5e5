import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';
import { int } from '../core/zod-support.js';
import { catchUpProcessing } from '../payments/batch.js';

export const ClockChange = z.union([
  z.strictObject({ set: z.iso.datetime({ offset: true }) }),
  z.strictObject({
    advanceMinutes: int().check(z.gte(0), z.lte(10 * 366 * 24 * 60)),
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
  if (!Number.isFinite(target) || Math.abs(target) > 8.64e15) {
    throw apiError('FORMAT_ERROR', 'the requested bank time is out of range', { path: 'set' });
  }
  draft.clock.offsetMs = Math.round(target - ctx.sourceNow);
  // The batch runs passed over happen now, so their result is visible at once (part 1).
  catchUpProcessing(draft, target, ctx);
  return json(200, clockBody(target, draft.clock.offsetMs));
};
