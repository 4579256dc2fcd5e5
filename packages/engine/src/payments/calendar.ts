import { DAY_MS, isoDate, parseIsoDate } from '../core/dates.js';
import { BATCH_MINUTES, PERIODIC_RUN_MINUTES } from './products.js';

/** Banking days are Monday to Friday (docs/decisions/payment-lifecycle.md); the bank clock is UTC. */
export function isBankingDay(date: string): boolean {
  const day = new Date(parseIsoDate(date)).getUTCDay();
  return day !== 0 && day !== 6;
}

export function addDays(date: string, days: number): string {
  return isoDate(parseIsoDate(date) + days * DAY_MS);
}

/** The date itself when it is a banking day, else the next (`following`) or previous (`preceding`) one. */
export function shiftToBankingDay(date: string, rule: 'following' | 'preceding' = 'following'): string {
  let d = date;
  while (!isBankingDay(d)) d = addDays(d, rule === 'following' ? 1 : -1);
  return d;
}

export function lastBatchAt(date: string): number {
  return parseIsoDate(date) + (BATCH_MINUTES[BATCH_MINUTES.length - 1] as number) * 60_000;
}

export type Slot = { kind: 'periodic' | 'batch'; at: number; date: string; lastOfDay: boolean };

/** The processing runs with from < at <= to, in time order: the standing-order run, then the batches. */
export function slotsBetween(fromMs: number, toMs: number): Slot[] {
  const slots: Slot[] = [];
  if (toMs <= fromMs) return slots;
  for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= toMs; day += DAY_MS) {
    const date = isoDate(day);
    if (!isBankingDay(date)) continue;
    const runs: Slot[] = [
      { kind: 'periodic', at: day + PERIODIC_RUN_MINUTES * 60_000, date, lastOfDay: false },
      ...BATCH_MINUTES.map((m, i) => ({
        kind: 'batch' as const,
        at: day + m * 60_000,
        date,
        lastOfDay: i === BATCH_MINUTES.length - 1,
      })),
    ];
    for (const slot of runs) if (slot.at > fromMs && slot.at <= toMs) slots.push(slot);
  }
  return slots;
}

/**
 * The time of the first processing run (standing-order run or batch) after `ms`: the same answer as
 * the first of `slotsBetween(ms, …)`, without building any slot. At most a weekend and a day apart.
 */
export function nextRunAfter(ms: number): number {
  for (let day = Math.floor(ms / DAY_MS) * DAY_MS; ; day += DAY_MS) {
    if (!isBankingDay(isoDate(day))) continue;
    let first = Number.POSITIVE_INFINITY;
    for (const m of [PERIODIC_RUN_MINUTES, ...BATCH_MINUTES]) {
      const at = day + m * 60_000;
      if (at > ms && at < first) first = at;
    }
    if (first !== Number.POSITIVE_INFINITY) return first;
  }
}

/** The time of the last processing run at or before `ms`: a weekend and a day back at most. */
export function lastRunAtOrBefore(ms: number): number {
  for (let day = Math.floor(ms / DAY_MS) * DAY_MS; ; day -= DAY_MS) {
    if (!isBankingDay(isoDate(day))) continue;
    let last = Number.NEGATIVE_INFINITY;
    for (const m of [PERIODIC_RUN_MINUTES, ...BATCH_MINUTES]) {
      const at = day + m * 60_000;
      if (at <= ms && at > last) last = at;
    }
    if (last !== Number.NEGATIVE_INFINITY) return last;
  }
}

/** The first batch run after `ms` (for "run the next batch now"). */
export function nextBatchAfter(ms: number): Slot {
  for (let span = DAY_MS; ; span += DAY_MS) {
    const next = slotsBetween(ms, ms + span).find((s) => s.kind === 'batch');
    if (next) return next;
  }
}
