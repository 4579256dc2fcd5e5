import { LISTEN_LEASE_MS, type SandbankEvent } from './protocol.js';

/**
 * The log entries of reads kept while nobody listens, for a page whose first LISTENING arrives just
 * after its own request was answered (the message and the request travel apart): a state mirror's
 * first read needs its entry back.
 */
const UNSENT_KEPT = 16;
const UNSENT_MAX_AGE_MS = 2_000;

export interface EventFeedOptions {
  /** Posts one event on the channel. */
  send(event: SandbankEvent): void;
  /** Runs `task` once the worker has nothing more urgent to do (after the responses). */
  later(task: () => void): void;
  /** A monotonic clock in ms (the worker's `performance.now`). */
  now(): number;
}

export interface EventFeed {
  /** The bank's next event, in order. */
  push(event: SandbankEvent): void;
  /** A page said it listens (LISTENING). */
  listening(): void;
}

/** A request-log entry of a request that changed nothing. */
function isRead(event: SandbankEvent): boolean {
  return event.type === 'request' && event.entry.commit === null;
}

/**
 * The worker's events on their way to the channel, in order, after the responses. Every state
 * change, every write's log entry and every storage report goes out; a read's log entry goes out
 * while some page listens: a BroadcastChannel post holds the worker's thread for 0.2–0.6 ms however
 * small the message (docs/benchmarks.md, "The worker's signed GET, session 5"), more than the engine
 * spends on a read, and most of the time (a test suite driving the bank) no page listens.
 *
 * Order holds for every listener: reads kept while nobody listened are sent when a page starts
 * listening only if nothing was sent after them (a sent event drops them), and only if recent.
 */
export function createEventFeed(options: EventFeedOptions): EventFeed {
  const queued: SandbankEvent[] = [];
  let unsent: Array<{ at: number; event: SandbankEvent }> = [];
  let leaseEnds = Number.NEGATIVE_INFINITY;

  const enqueue = (events: SandbankEvent[]) => {
    const idle = queued.length === 0;
    queued.push(...events);
    if (idle)
      options.later(() => {
        for (const event of queued.splice(0)) options.send(event);
      });
  };

  return {
    push(event) {
      const at = options.now();
      if (at >= leaseEnds && isRead(event)) {
        unsent.push({ at, event });
        if (unsent.length > UNSENT_KEPT) unsent.shift();
        return;
      }
      unsent = [];
      enqueue([event]);
    },
    listening() {
      const at = options.now();
      const quiet = at >= leaseEnds;
      leaseEnds = at + LISTEN_LEASE_MS;
      if (!quiet || unsent.length === 0) return;
      const recent = unsent.filter((kept) => at - kept.at <= UNSENT_MAX_AGE_MS).map((kept) => kept.event);
      unsent = [];
      if (recent.length > 0) enqueue(recent);
    },
  };
}
