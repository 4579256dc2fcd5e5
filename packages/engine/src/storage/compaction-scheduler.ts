import {
  type CompactionEffect,
  type CompactionEvent,
  type CompactionPolicy,
  type CompactionState,
  transition,
} from './compaction.js';

/** Timers as the scheduler uses them: the real ones in the worker, a simulated clock in tests. */
export interface Timer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimer: Timer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CompactionScheduler {
  readonly state: CompactionState;
  /** A change was logged (or the log restored); see the `logged` event. */
  logged(backlog: number, rewrite: boolean): void;
  /** Resolves once a snapshot write that started after this call has ended. */
  compactNow(): Promise<void>;
}

/**
 * Runs the compaction machine: sends it events, carries out its effects. `write` writes the latest
 * state as the snapshot (or nothing, when the snapshot already holds it) and resolves with the log
 * entries still not in the snapshot; it reports its own failures and resolves all the same.
 */
export function compactionScheduler(options: {
  policy: CompactionPolicy;
  write: () => Promise<number>;
  timer?: Timer;
}): CompactionScheduler {
  const { policy, write, timer = realTimer } = options;
  let state: CompactionState = { name: 'idle' };
  let pending: unknown = null;
  let started = 0;
  let ended = 0;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  const cancel = () => {
    if (pending !== null) timer.clear(pending);
    pending = null;
  };
  const finished = (backlog: number) => {
    ended++;
    for (const waiter of waiters.filter(({ after }) => after <= ended)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    send({ type: 'written', backlog });
  };
  const run = (effect: CompactionEffect) => {
    if (effect.type === 'cancel-timer') cancel();
    else if (effect.type === 'start-timer') {
      cancel();
      pending = timer.set(() => {
        pending = null;
        send({ type: 'pause-elapsed' });
      }, effect.ms);
    } else {
      started++;
      write().then(finished, (error: unknown) => {
        console.error('[sandbank] compacting the stored state failed', error);
        finished(0);
      });
    }
  };
  function send(event: CompactionEvent): void {
    const [next, effects] = transition(state, event, policy);
    state = next;
    for (const effect of effects) run(effect);
  }

  return {
    get state() {
      return state;
    },
    logged: (backlog, rewrite) => send({ type: 'logged', backlog, rewrite }),
    compactNow() {
      const done = new Promise<void>((resolve) => waiters.push({ after: started + 1, resolve }));
      send({ type: 'compact-now' });
      return done;
    },
  };
}
