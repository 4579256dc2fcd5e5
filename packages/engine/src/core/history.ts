import type { State } from './state.js';

/** One commit the engine remembers: the state just before it, and what made it. */
export interface HistoryPoint {
  /** The commit's sequence number (`Commit.seq`, `RequestLogEntry.commit`). */
  seq: number;
  /** Bank time of the request that made the commit, epoch ms. */
  at: number;
  /** The operation that made it (e.g. `initiatePayment`), null when the route had none. */
  operation: string | null;
  /** The state before the commit (frozen; shares everything the commit did not touch). */
  before: State;
}

/** What an operation may read: control/history.ts restores from it. */
export interface HistoryReader {
  /** The state just before commit `seq`, or undefined when `seq` is not (or no longer) remembered. */
  before(seq: number): State | undefined;
  /** The remembered commits, oldest first. */
  points(): readonly HistoryPoint[];
  /** How many commits are kept at most. */
  readonly limit: number;
}

export interface History extends HistoryReader {
  record(point: HistoryPoint): void;
}

/** Commits the engine remembers by default (docs/decisions/time-travel.md). */
export const DEFAULT_HISTORY_LIMIT = 200;

/**
 * The engine's memory of its last `limit` commits, for "restore the bank to before request N". It
 * keeps the state before each commit by reference: states are immutable and immer shares every part
 * a commit did not change, so a point costs what its commit changed (an import or a reset keeps the
 * whole earlier state). Memory only: a restarted engine starts with an empty history.
 */
export function createHistory(limit = DEFAULT_HISTORY_LIMIT): History {
  const kept = Math.max(0, Math.floor(limit));
  const points: HistoryPoint[] = [];
  return {
    limit: kept,
    record(point) {
      if (kept === 0) return;
      points.push(point);
      if (points.length > kept) points.splice(0, points.length - kept);
    },
    before(seq) {
      // Commits are recorded in order with rising numbers: a binary search finds one.
      let low = 0;
      let high = points.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const point = points[middle] as HistoryPoint;
        if (point.seq === seq) return point.before;
        if (point.seq < seq) low = middle + 1;
        else high = middle - 1;
      }
      return undefined;
    },
    points: () => points,
  };
}
