import { apiError } from '../core/errors.js';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { restoreBank } from './restore-bank.js';

/** GET /_sandbank/history: the commits the engine remembers and can restore to before, oldest first. */
export const listHistory: Operation = (_draft, _input, ctx) => {
  const points = ctx.history?.points() ?? [];
  return json(200, {
    limit: ctx.history?.limit ?? 0,
    commits: points.map(({ seq, at, operation }) => ({ seq, at, operation })),
  });
};

/**
 * POST /_sandbank/history/{seq}/restore: the bank as it was just before commit `seq` (the `commit`
 * of a request-log entry), as one new commit: it is stored, broadcast and logged like any change,
 * and can itself be undone the same way (docs/decisions/time-travel.md).
 */
export const restoreHistory: Operation = (draft, input, ctx) => {
  const text = input.params.seq ?? '';
  const seq = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(seq)) {
    throw apiError('FORMAT_ERROR', `the commit number must be a positive integer, not ${text.slice(0, 40)}`, {
      path: 'seq',
    });
  }
  const points = ctx.history?.points() ?? [];
  const target = ctx.history?.before(seq);
  if (target === undefined) {
    const first = points[0];
    const last = points[points.length - 1];
    const kept =
      first === undefined || last === undefined
        ? 'it remembers no commits yet (history starts when the engine starts)'
        : `it remembers commits ${first.seq} to ${last.seq} (the last ${ctx.history?.limit ?? 0} since the engine started)`;
    throw apiError('RESOURCE_UNKNOWN', `the engine cannot restore to before commit ${seq}: ${kept}`, {
      status: 404,
      path: 'seq',
    });
  }
  restoreBank(draft, target);
  const undone = points.filter((p) => p.seq >= seq).map((p) => p.seq);
  return json(200, { restoredToBefore: seq, undone });
};
