import { parseIsoDate } from '../core/dates.js';
import type { PeriodicSchedule } from '../core/state.js';
import { addDays } from './calendar.js';

const DAY_STEPS: Readonly<Record<string, number>> = { Daily: 1, Weekly: 7, EveryTwoWeeks: 14 };
const MONTH_STEPS: Readonly<Record<string, number>> = {
  Monthly: 1,
  EveryTwoMonths: 2,
  Quarterly: 3,
  SemiAnnual: 6,
  Annual: 12,
};

function monthDate(startDate: string, months: number, day: number): string {
  const start = new Date(parseIsoDate(startDate));
  const total = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last))).toISOString().slice(0, 10);
}

/**
 * The scheduled dates of a standing order from its startDate up to `until` (and its endDate), before
 * the banking-day shift. Monthly orders run on dayOfExecution (default: the start date's day), on the
 * month's last day when it is shorter.
 */
export function scheduledDates(
  schedule: Pick<PeriodicSchedule, 'startDate' | 'endDate' | 'frequency' | 'dayOfExecution'>,
  until: string,
): string[] {
  const out: string[] = [];
  const end = schedule.endDate !== undefined && schedule.endDate < until ? schedule.endDate : until;
  const days = DAY_STEPS[schedule.frequency];
  const months = MONTH_STEPS[schedule.frequency] ?? 1;
  const day = Number(schedule.dayOfExecution ?? schedule.startDate.slice(8, 10));
  for (let n = 0; n < 10_000; n++) {
    const date =
      days !== undefined
        ? addDays(schedule.startDate, n * days)
        : monthDate(schedule.startDate, n * months, day);
    if (date > end) break;
    if (date >= schedule.startDate) out.push(date);
  }
  return out;
}

/** True when no scheduled date is left after `date`. */
export function scheduleEndsBy(schedule: PeriodicSchedule, date: string): boolean {
  if (schedule.endDate === undefined) return false;
  if (date >= schedule.endDate) return true;
  return scheduledDates(schedule, schedule.endDate).every((d) => d <= date);
}
