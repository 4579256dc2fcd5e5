// When the log is folded into a new snapshot: a small state machine, `transition(state, event) ->
// [next, effects]`, pure, with no timers and no storage; compaction-scheduler.ts runs its effects.
//
// Compaction is off the request path, and writing a big state takes the worker's thread for hundreds
// of ms, so it waits for a pause in the writes: every change that makes it due (the log has reached
// `every` entries, or the change replaced a whole slice) restarts the wait. A log that keeps growing
// through a long burst (`burstFactor` times `every`) is folded without waiting. One snapshot is
// written at a time; a change that makes compaction due while one is written asks for another after.

export type CompactionState =
  | { name: 'idle' }
  /** The pause timer runs: compaction starts when it ends, unless a change due for it restarts it. */
  | { name: 'waiting-for-pause' }
  /** A snapshot is being written. */
  | { name: 'compacting' }
  /** A snapshot is being written, and another is wanted after it: at once (`compact()`) or after a pause. */
  | { name: 'compacting-with-more-wanted'; atOnce: boolean };

export type CompactionEvent =
  /**
   * A change was logged, or the log was restored: `backlog` entries are not in the snapshot yet;
   * `rewrite` when the stored form wants folding whatever the backlog's length (a replaced slice,
   * records in an earlier layout).
   */
  | { type: 'logged'; backlog: number; rewrite: boolean }
  /** The pause timer ended. */
  | { type: 'pause-elapsed' }
  /** Compaction asked for now (the store's `compact()`). */
  | { type: 'compact-now' }
  /** The snapshot write ended, written or failed, with `backlog` entries still not in the snapshot. */
  | { type: 'written'; backlog: number };

export type CompactionEffect =
  /** Start the pause timer, replacing one already running. */
  { type: 'start-timer'; ms: number } | { type: 'cancel-timer' } | { type: 'write-snapshot' };

export interface CompactionPolicy {
  /** The log is due for folding from this many entries on. */
  every: number;
  /** How long a pause in the writes compaction waits for, in ms. */
  idleMs: number;
  /** A log of this many times `every` is folded without waiting for a pause. */
  burstFactor: number;
}

type Step = [CompactionState, CompactionEffect[]];

const IDLE: CompactionState = { name: 'idle' };
const WAITING: CompactionState = { name: 'waiting-for-pause' };
const COMPACTING: CompactionState = { name: 'compacting' };
const WRITE: CompactionEffect = { type: 'write-snapshot' };

function wait(backlog: number, policy: CompactionPolicy): Step {
  const ms = backlog >= policy.every * policy.burstFactor ? 0 : policy.idleMs;
  return [WAITING, [{ type: 'start-timer', ms }]];
}

export function transition(state: CompactionState, event: CompactionEvent, policy: CompactionPolicy): Step {
  switch (event.type) {
    case 'logged': {
      const due = event.backlog >= policy.every || event.rewrite;
      if (!due) return [state, []];
      if (state.name === 'idle' || state.name === 'waiting-for-pause') return wait(event.backlog, policy);
      if (state.name === 'compacting') return [{ name: 'compacting-with-more-wanted', atOnce: false }, []];
      return [state, []];
    }
    case 'pause-elapsed':
      // Only while waiting: the scheduler cancels the timer whenever it leaves that state.
      return state.name === 'waiting-for-pause' ? [COMPACTING, [WRITE]] : [state, []];
    case 'compact-now':
      if (state.name === 'idle') return [COMPACTING, [WRITE]];
      if (state.name === 'waiting-for-pause') return [COMPACTING, [{ type: 'cancel-timer' }, WRITE]];
      // The snapshot being written may predate changes the caller wants folded in: another, at once.
      return [{ name: 'compacting-with-more-wanted', atOnce: true }, []];
    case 'written':
      if (state.name === 'compacting-with-more-wanted') {
        return state.atOnce ? [COMPACTING, [WRITE]] : wait(event.backlog, policy);
      }
      if (state.name === 'compacting')
        return event.backlog >= policy.every ? wait(event.backlog, policy) : [IDLE, []];
      return [state, []];
  }
}
