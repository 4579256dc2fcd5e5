import type { RequestLogEntry } from '@sandbank/engine';
import { describe, expect, it } from 'vitest';
import { createEventFeed } from '../src/event-feed.js';
import { LISTEN_LEASE_MS, type SandbankEvent } from '../src/protocol.js';

/** A request-log entry; `commit` null for a request that changed nothing (a read). */
function entry(path: string, commit: number | null): SandbankEvent {
  return { type: 'request', entry: { path, commit } as RequestLogEntry };
}

const change = (seq: number): SandbankEvent => ({ type: 'state-change', seq, patches: [] });

/** A feed on a hand-moved clock; `flush()` runs what waits for the responses to be sent. */
function feedOnHand() {
  let now = 1_000;
  const sent: SandbankEvent[] = [];
  const waiting: Array<() => void> = [];
  const feed = createEventFeed({
    send: (event) => sent.push(event),
    later: (task) => waiting.push(task),
    now: () => now,
  });
  return {
    feed,
    sent,
    flush: () => {
      for (const task of waiting.splice(0)) task();
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const paths = (events: SandbankEvent[]) =>
  events.map((event) =>
    event.type === 'request' ? event.entry.path : event.type === 'state-change' ? event.seq : 'storage',
  );

describe('the worker event feed', () => {
  it('sends every change and every write entry, but no read entry, while no page listens', () => {
    const { feed, sent, flush } = feedOnHand();
    feed.push(entry('/v1/accounts', null));
    feed.push(change(1));
    feed.push(entry('/_sandbank/clock', 1));
    feed.push(entry('/v1/accounts', null));
    expect(sent).toEqual([]); // nothing before the responses are out
    flush();
    expect(paths(sent)).toEqual([1, '/_sandbank/clock']);
  });

  it('sends every event, in order, while a page listens', () => {
    const { feed, sent, flush } = feedOnHand();
    feed.listening();
    feed.push(entry('/v1/accounts', null));
    feed.push(change(1));
    feed.push(entry('/_sandbank/clock', 1));
    feed.push(entry('/v1/consents/c1', null));
    flush();
    expect(paths(sent)).toEqual(['/v1/accounts', 1, '/_sandbank/clock', '/v1/consents/c1']);
  });

  it('sends the reads answered just before a page said it listens, when nothing was sent after them', () => {
    const { feed, sent, flush, advance } = feedOnHand();
    feed.push(entry('/_sandbank/state', null));
    advance(5);
    feed.listening();
    feed.push(entry('/v1/accounts', null));
    flush();
    expect(paths(sent)).toEqual(['/_sandbank/state', '/v1/accounts']);
  });

  it('drops the kept reads once a later event was sent, so no listener sees events out of order', () => {
    const { feed, sent, flush } = feedOnHand();
    feed.push(entry('/_sandbank/state', null));
    feed.push(change(1));
    feed.listening();
    flush();
    expect(paths(sent)).toEqual([1]);
  });

  it('keeps only recent reads for a late listener, at most 16', () => {
    const { feed, sent, flush, advance } = feedOnHand();
    feed.push(entry('/old', null));
    advance(60_000);
    for (let i = 0; i < 20; i++) feed.push(entry(`/v1/accounts/${i}`, null));
    feed.listening();
    flush();
    expect(paths(sent)).toEqual(Array.from({ length: 16 }, (_, i) => `/v1/accounts/${i + 4}`));
  });

  it('stops sending read entries when the pages stop saying they listen', () => {
    const { feed, sent, flush, advance } = feedOnHand();
    feed.listening();
    advance(LISTEN_LEASE_MS - 1);
    feed.push(entry('/v1/accounts/a', null));
    advance(1);
    feed.push(entry('/v1/accounts/b', null));
    feed.push(change(1));
    flush();
    expect(paths(sent)).toEqual(['/v1/accounts/a', 1]);
  });
});
