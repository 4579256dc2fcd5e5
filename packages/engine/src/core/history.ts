import { applyPatches, enablePatches, type Patch } from 'immer';
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
  /** Remembers a commit: the state before it and the patches it made (from that state to the next). */
  record(point: HistoryPoint, patches: readonly Patch[]): void;
}

enablePatches();

/** Commits the engine remembers by default (docs/decisions/time-travel.md). */
export const DEFAULT_HISTORY_LIMIT = 200;

/**
 * One commit in every CHECKPOINT keeps the state before it; the others keep their patches, and the
 * state before them is the last checkpoint's with the patches since applied (docs/decisions/time-travel.md).
 */
export const CHECKPOINT = 16;

/**
 * A commit whose patches replace whole slices (an import, a reset) or are many is never replayed:
 * the commit after it is a checkpoint, so rebuilding a state never applies (and immer never copies)
 * an imported ledger.
 */
function isLarge(patches: readonly Patch[]): boolean {
  if (patches.length > 64) return true;
  for (const patch of patches) if (patch.path.length <= 1) return true;
  return false;
}

/** A remembered commit: its state before it only at a checkpoint, its patches always. */
interface Kept {
  seq: number;
  at: number;
  operation: string | null;
  before: State | null;
  patches: readonly Patch[];
}

/**
 * The engine's memory of its last `limit` commits, for "restore the bank to before request N".
 *
 * Keeping the state before every commit cost what each commit copied (the chunks, buckets and lists
 * on its paths, a few KB a payment creation), kept alive for 200 commits: about a third of what
 * every scavenge of a run of creations had to copy (docs/benchmarks.md, `wip/tails6`). So one commit
 * in CHECKPOINT keeps its state before, by reference (states are immutable and share every part a
 * commit did not change), and every commit keeps its immer patches, which hold only the values it
 * wrote (shared with the states after it). The state before any remembered commit is the last
 * checkpoint at or before it with the patches of the commits between applied: the same data, built
 * when a restore asks (a commit after a large one is a checkpoint too, `isLarge`). Commits older
 * than the window are kept back to the checkpoint the window's oldest commit needs, never shown.
 * Memory only: a restarted engine starts with an empty history.
 */
export function createHistory(limit = DEFAULT_HISTORY_LIMIT): History {
  const kept = Math.max(0, Math.floor(limit));
  const commits: Kept[] = [];
  let sinceCheckpoint = 0;
  let afterLarge = false;

  const visibleFrom = () => Math.max(0, commits.length - kept);

  /** Index of commit `seq` among the visible commits (recorded in order, numbers rising), or -1. */
  const indexOf = (seq: number): number => {
    let low = visibleFrom();
    let high = commits.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = (commits[middle] as Kept).seq;
      if (at === seq) return middle;
      if (at < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  };

  /** The state before the commit at `index` of `commits`: its checkpoint's, with the patches since applied. */
  const stateBefore = (index: number): State => {
    let from = index;
    while ((commits[from] as Kept).before === null) from--;
    let state = (commits[from] as Kept).before as State;
    for (let i = from; i < index; i++) state = applyPatches(state, (commits[i] as Kept).patches as Patch[]);
    return state;
  };

  return {
    limit: kept,
    record(point, patches) {
      if (kept === 0) return;
      const checkpoint = commits.length === 0 || afterLarge || sinceCheckpoint + 1 >= CHECKPOINT;
      sinceCheckpoint = checkpoint ? 0 : sinceCheckpoint + 1;
      afterLarge = isLarge(patches);
      const { seq, at, operation } = point;
      commits.push({ seq, at, operation, before: checkpoint ? point.before : null, patches });
      // Forget what no visible commit needs: everything before the last checkpoint at or before the window.
      let needed = visibleFrom();
      while ((commits[needed] as Kept).before === null) needed--;
      if (needed > 0) commits.splice(0, needed);
    },
    before(seq) {
      const index = indexOf(seq);
      return index < 0 ? undefined : stateBefore(index);
    },
    points() {
      const list: HistoryPoint[] = [];
      for (let i = visibleFrom(); i < commits.length; i++) {
        const { seq, at, operation } = commits[i] as Kept;
        list.push({
          seq,
          at,
          operation,
          // Built when read, like a restore's; found by number, since older commits are dropped from the front.
          get before() {
            const index = commits.findIndex((commit) => commit.seq === seq);
            if (index < 0) throw new RangeError(`commit ${seq} is no longer remembered`);
            return stateBefore(index);
          },
        });
      }
      return list;
    },
  };
}
