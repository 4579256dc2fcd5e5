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
 * The scheduled dates of a standing order from its startDate (or from `from`, skipping earlier ones)
 * up to `until` (and its endDate), before the banking-day shift. Monthly orders run on dayOfExecution
 * (default: the start date's day), on the month's last day when it is shorter.
 */
export function scheduledDates(
  schedule: Pick<PeriodicSchedule, 'startDate' | 'endDate' | 'frequency' | 'dayOfExecution'>,
  until: string,
  from: string = schedule.startDate,
): string[] {
  const out: string[] = [];
  const end = schedule.endDate !== undefined && schedule.endDate < until ? schedule.endDate : until;
  const lower = from > schedule.startDate ? from : schedule.startDate;
  const days = DAY_STEPS[schedule.frequency];
  const months = MONTH_STEPS[schedule.frequency] ?? 1;
  const day = Number(schedule.dayOfExecution ?? schedule.startDate.slice(8, 10));
  // Start just before `lower` rather than at the first date, so long schedules stay cheap.
  const start = new Date(parseIsoDate(schedule.startDate));
  const at = new Date(parseIsoDate(lower));
  const first =
    days !== undefined
      ? Math.floor((at.getTime() - start.getTime()) / (days * 86_400_000))
      : Math.floor(
          ((at.getUTCFullYear() - start.getUTCFullYear()) * 12 + at.getUTCMonth() - start.getUTCMonth()) /
            months,
        );
  for (let n = Math.max(0, first - 1); n < first + 10_000; n++) {
    const date =
      days !== undefined
        ? addDays(schedule.startDate, n * days)
        : monthDate(schedule.startDate, n * months, day);
    if (date > end) break;
    if (date >= lower) out.push(date);
  }
  return out;
}
