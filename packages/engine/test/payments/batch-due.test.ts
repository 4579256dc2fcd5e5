import { describe, expect, it } from 'vitest';
import type { State } from '../../src/core/state.js';
import { processingDue } from '../../src/payments/batch.js';
import { nextRunAfter, slotsBetween } from '../../src/payments/calendar.js';

const MINUTE = 60_000;
/** Monday 2026-03-02 00:00 UTC: the week around it holds a weekend and every run of a banking day. */
const MONDAY = Date.parse('2026-03-02T00:00:00Z');

function processedUpTo(lastBatchAt: number | null): State {
  return { paymentProcessing: { lastBatchAt } } as unknown as State;
}

describe('whether processing is due (asked on every request)', () => {
  it('says a run is due exactly when one lies after the last run and at or before now', () => {
    // Every 7 minutes over 9 days, to later times 1 minute to 4 days on: run times, weekends, day ends.
    for (let last = MONDAY - 2 * 1440 * MINUTE; last < MONDAY + 7 * 1440 * MINUTE; last += 7 * MINUTE) {
      for (const ahead of [0, 1, 59, 60, 61, 179, 180, 181, 720, 1440, 3 * 1440, 4 * 1440]) {
        const now = last + ahead * MINUTE;
        const expected = slotsBetween(last, now).length > 0;
        expect(processingDue(processedUpTo(last), now), `${new Date(last).toISOString()} +${ahead}m`).toBe(
          expected,
        );
      }
    }
  });

  it('finds the first run after a time as slotsBetween does, across the weekend', () => {
    const fridayLastBatch = Date.parse('2026-03-06T18:00:00Z');
    expect(new Date(nextRunAfter(fridayLastBatch)).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(processingDue(processedUpTo(fridayLastBatch), Date.parse('2026-03-09T04:59:59Z'))).toBe(false);
    expect(processingDue(processedUpTo(fridayLastBatch), Date.parse('2026-03-09T05:00:00Z'))).toBe(true);
  });

  it('is due when processing has not started or the clock went back', () => {
    expect(processingDue(processedUpTo(null), MONDAY)).toBe(true);
    expect(processingDue(processedUpTo(MONDAY), MONDAY - 1)).toBe(true);
  });
});
