import type { Transaction } from '@sandbank/engine';
import { fromCents, toCents } from './money.js';

export interface BalancePoint {
  date: string;
  /** Booked balance at the end of the day, for plotting. */
  balance: number;
  exact: string;
}

/**
 * End-of-day booked balance per booking date, walking back from today's booked balance through
 * the booked transactions (newest first, as state keeps them). Linear in the transactions.
 */
export function balanceSeries(booked: string, transactions: readonly Transaction[]): BalancePoint[] {
  let running = toCents(booked);
  const points: BalancePoint[] = [];
  let currentDate: string | null = null;
  for (const tx of transactions) {
    if (tx.status !== 'booked') continue;
    if (tx.bookingDate !== currentDate) {
      const exact = fromCents(running);
      points.push({ date: tx.bookingDate, balance: Number(exact), exact });
      currentDate = tx.bookingDate;
    }
    running -= toCents(tx.amount);
  }
  const exact = fromCents(running);
  const last = points.at(-1);
  if (last) points.push({ date: `before ${last.date}`, balance: Number(exact), exact });
  points.reverse();
  return downsample(points, 400);
}

/** Keeps at most `max` points (every n-th, always the newest) so the chart stays fluid. */
function downsample(points: BalancePoint[], max: number): BalancePoint[] {
  if (points.length <= max) return points;
  const step = Math.ceil(points.length / max);
  const out = points.filter((_, i) => i % step === 0);
  const newest = points.at(-1);
  if (newest && out.at(-1) !== newest) out.push(newest);
  return out;
}
