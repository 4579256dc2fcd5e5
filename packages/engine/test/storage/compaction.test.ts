import { describe, expect, test, vi } from 'vitest';
import {
  type CompactionEvent,
  type CompactionPolicy,
  type CompactionState,
  transition,
} from '../../src/storage/compaction.js';
import { compactionScheduler, type Timer } from '../../src/storage/compaction-scheduler.js';

// When the store folds its log into a snapshot: the machine as a pure function, and the scheduler
// running it on a simulated clock (no real time passes in this file).

const policy: CompactionPolicy = { every: 3, idleMs: 200, burstFactor: 10 };

/** Timers on a clock that moves only when the test says so. */
function simulatedClock() {
  let now = 0;
  let ids = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const timer: Timer = {
    set(run, ms) {
      timers.set(++ids, { at: now + ms, run });
      return ids;
    },
    clear: (handle) => timers.delete(handle as number),
  };
  return {
    timer,
    /** Moves the clock on by `ms`, running each timer that falls due, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, { at }]) => at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    /** The delays of the timers set, from now. */
    pending: () => [...timers.values()].map(({ at }) => at - now),
  };
}

/** Snapshot writes the test ends itself, each with the backlog it leaves. */
function writes() {
  const running: Array<(backlog: number) => void> = [];
  let started = 0;
  return {
    write: () =>
      new Promise<number>((resolve) => {
        started++;
        running.push(resolve);
      }),
    /** How many writes have started so far. */
    started: () => started,
    /** Ends the oldest write still running, then lets the scheduler react. */
    async end(backlog: number) {
      running.shift()?.(backlog);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function setUp() {
  const clock = simulatedClock();
  const store = writes();
  const scheduler = compactionScheduler({ policy, write: store.write, timer: clock.timer });
  return { clock, store, scheduler };
}

describe('the compaction machine', () => {
  /** The state after the events, and the effects of the last one. */
  const run = (events: CompactionEvent[], from: CompactionState = { name: 'idle' }) =>
    events.reduce<{ state: CompactionState; effects: unknown[] }>(
      ({ state }, event) => {
        const [next, effects] = transition(state, event, policy);
        return { state: next, effects };
      },
      { state: from, effects: [] },
    );

  test('a change that is not due leaves it idle', () => {
    expect(run([{ type: 'logged', backlog: 2, rewrite: false }])).toEqual({
      state: { name: 'idle' },
      effects: [],
    });
  });

  test('a due change waits for a pause; a burst of ten times `every` waits for none', () => {
    expect(run([{ type: 'logged', backlog: 3, rewrite: false }])).toEqual({
      state: { name: 'waiting-for-pause' },
      effects: [{ type: 'start-timer', ms: 200 }],
    });
    expect(run([{ type: 'logged', backlog: 30, rewrite: false }]).effects).toEqual([
      { type: 'start-timer', ms: 0 },
    ]);
    expect(run([{ type: 'logged', backlog: 1, rewrite: true }]).state).toEqual({ name: 'waiting-for-pause' });
  });

  test('the pause ends in a write; a change due meanwhile asks for another one after it', () => {
    const wanted = run([
      { type: 'logged', backlog: 3, rewrite: false },
      { type: 'pause-elapsed' },
      { type: 'logged', backlog: 1, rewrite: true },
    ]);
    expect(wanted.state).toEqual({ name: 'compacting-with-more-wanted', atOnce: false });
    expect(run([{ type: 'written', backlog: 1 }], wanted.state)).toEqual({
      state: { name: 'waiting-for-pause' },
      effects: [{ type: 'start-timer', ms: 200 }],
    });
  });

  test('a write that leaves the log due waits for the next pause; one that does not goes idle', () => {
    const compacting: CompactionState = { name: 'compacting' };
    expect(run([{ type: 'written', backlog: 3 }], compacting).state).toEqual({ name: 'waiting-for-pause' });
    expect(run([{ type: 'written', backlog: 2 }], compacting)).toEqual({
      state: { name: 'idle' },
      effects: [],
    });
  });

  test('compacting now cancels the wait, or writes again at once after the write under way', () => {
    expect(run([{ type: 'compact-now' }], { name: 'waiting-for-pause' })).toEqual({
      state: { name: 'compacting' },
      effects: [{ type: 'cancel-timer' }, { type: 'write-snapshot' }],
    });
    const again = run([{ type: 'compact-now' }], { name: 'compacting' });
    expect(again.state).toEqual({ name: 'compacting-with-more-wanted', atOnce: true });
    expect(run([{ type: 'written', backlog: 0 }], again.state)).toEqual({
      state: { name: 'compacting' },
      effects: [{ type: 'write-snapshot' }],
    });
  });

  test('a pause that ends outside the wait changes nothing', () => {
    for (const name of ['idle', 'compacting'] as const) {
      expect(run([{ type: 'pause-elapsed' }], { name })).toEqual({ state: { name }, effects: [] });
    }
  });
});

describe('the compaction scheduler', () => {
  test('writes once the writes pause for idleMs; every due change restarts the wait', () => {
    const { clock, store, scheduler } = setUp();
    scheduler.logged(3, false);
    clock.advance(150);
    scheduler.logged(4, false);
    clock.advance(150);
    expect(store.started()).toBe(0);
    scheduler.logged(5, false);
    expect(clock.pending()).toEqual([200]);
    clock.advance(200);
    expect(store.started()).toBe(1);
    expect(scheduler.state).toEqual({ name: 'compacting' });
  });

  test('a change that is not due does not restart the wait', () => {
    const { clock, store, scheduler } = setUp();
    scheduler.logged(1, true);
    clock.advance(150);
    scheduler.logged(2, false);
    clock.advance(50);
    expect(store.started()).toBe(1);
  });

  test('writes one snapshot at a time, and another after the next pause when one was wanted meanwhile', async () => {
    const { clock, store, scheduler } = setUp();
    scheduler.logged(30, false);
    clock.advance(0);
    scheduler.logged(31, false);
    scheduler.logged(32, false);
    expect(store.started()).toBe(1);
    expect(clock.pending()).toEqual([]);
    await store.end(2);
    expect(scheduler.state).toEqual({ name: 'waiting-for-pause' });
    clock.advance(199);
    expect(store.started()).toBe(1);
    clock.advance(1);
    expect(store.started()).toBe(2);
    await store.end(0);
    expect(scheduler.state).toEqual({ name: 'idle' });
    expect(clock.pending()).toEqual([]);
  });

  test('compactNow writes at once and resolves when that write has ended, the wait cancelled', async () => {
    const { clock, store, scheduler } = setUp();
    scheduler.logged(3, false);
    let done = false;
    const compacted = scheduler.compactNow().then(() => {
      done = true;
    });
    expect(store.started()).toBe(1);
    expect(clock.pending()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await store.end(0);
    await compacted;
    expect(scheduler.state).toEqual({ name: 'idle' });
  });

  test('compactNow during a write resolves only after a write that started after it', async () => {
    const { clock, store, scheduler } = setUp();
    scheduler.logged(3, false);
    clock.advance(200);
    let done = false;
    const compacted = scheduler.compactNow().then(() => {
      done = true;
    });
    await store.end(1);
    // The first write may predate what the caller wants folded in: a second starts at once.
    expect(done).toBe(false);
    expect(store.started()).toBe(2);
    expect(clock.pending()).toEqual([]);
    await store.end(0);
    await compacted;
    expect(done).toBe(true);
  });

  test('a write that fails is reported, and the scheduler goes on', async () => {
    const clock = simulatedClock();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const scheduler = compactionScheduler({
      policy,
      timer: clock.timer,
      write: async () => {
        calls++;
        throw new Error('quota exceeded');
      },
    });
    await scheduler.compactNow();
    expect(error).toHaveBeenCalledWith('[sandbank] compacting the stored state failed', expect.any(Error));
    expect(scheduler.state).toEqual({ name: 'idle' });
    scheduler.logged(3, false);
    clock.advance(200);
    expect(calls).toBe(2);
    error.mockRestore();
  });
});
