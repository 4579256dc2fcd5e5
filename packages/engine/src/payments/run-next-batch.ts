import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import { isoDateTime } from '../core/dates.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import type { State } from '../core/state.js';
import { catchUpProcessing } from './batch.js';
import { nextBatchAfter } from './calendar.js';

function moveClockTo(draft: Draft<State>, ctx: RequestContext, target: number): void {
  draft.clock.offsetMs = Math.round(target - ctx.sourceNow);
  catchUpProcessing(draft, target, ctx);
}

/** POST /_sandbank/batch: moves the bank clock to the next batch run and runs it (the playground's button). */
export const runNextBatch: Operation = (draft, _input, ctx) => {
  const slot = nextBatchAfter(ctx.now);
  moveClockTo(draft, ctx, slot.at);
  return json(200, { ranAt: isoDateTime(slot.at), now: isoDateTime(slot.at), lastOfDay: slot.lastOfDay });
};
