import {
  authorisationList,
  paymentById,
  type RequestLogEntry,
  type SandboxEvent,
  type State,
} from '@sandbank/engine';
import { installSandbox } from '@sandbank/engine/testing';
import { createPayment, createPayments, ndctBody } from '@sandbank/test-support/payments';
import { signing } from '@sandbank/test-support/signing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createStateMirror,
  type RegisteredSandbox,
  registerSandbox,
  type SandbankEvent,
} from '../src/index.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

/**
 * The bank behind the page's `fetch`, with the events a worker broadcasts ('state-change' with
 * patches only, 'request', 'storage'), as `registerSandbox()` delivers them; `drop` loses state
 * changes in transit, `dropEntry` request-log entries.
 */
function workerLikeBank(
  drop: (seq: number) => boolean = () => false,
  dropEntry: (entry: RequestLogEntry) => boolean = () => false,
  signatures: 'off' | 'required' = 'off',
) {
  const installed = installSandbox({ onUnhandledRequest: 'error', now: () => NOW, signatures });
  cleanups.push(installed.uninstall);
  const listeners = new Set<(event: SandbankEvent) => void>();
  installed.sandbox.subscribe((event) => {
    const forwarded: SandbankEvent | null =
      event.type === 'request'
        ? dropEntry(event.entry)
          ? null
          : { type: 'request', entry: event.entry }
        : drop(event.commit.seq)
          ? null
          : { type: 'state-change', seq: event.commit.seq, patches: event.commit.patches };
    if (forwarded !== null) for (const listener of listeners) listener(forwarded);
  });
  const source = {
    subscribe(listener: (event: SandbankEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** What the worker sends after a restart. */
    restart() {
      for (const listener of listeners) listener({ type: 'storage', report: {} as never });
    },
    listeners,
  };
  return { sandbox: installed.sandbox, source };
}

async function advance(minutes: number): Promise<Response> {
  return fetch('http://localhost/_sandbank/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMinutes: minutes }),
  });
}

describe('createStateMirror', () => {
  it('reads the state once, then applies every change another tab makes as patches', async () => {
    const { sandbox, source } = workerLikeBank();
    const mirror = createStateMirror(source);
    const commits: State[] = [];
    mirror.subscribe((event: SandboxEvent) => {
      if (event.type === 'commit') commits.push(event.commit.state);
    });
    expect(mirror.current()).toBeNull();
    const first = await mirror.getState();
    expect(first).toEqual(sandbox.getState());
    // Another tab's request: not sent through this mirror, only seen on the channel.
    expect((await advance(60)).status).toBe(200);
    expect(commits.at(-1)?.clock.offsetMs).toBe(60 * 60_000);
    expect(mirror.current()).toEqual(sandbox.getState());
    expect(await mirror.getState()).not.toBe(first);
  });

  it('reads payments from the export (flat) and follows their changes in the engine’s shape', async () => {
    const { sandbox, source } = workerLikeBank();
    const first = await createPayment(sandbox, ndctBody(sandbox.getState()));
    expect(first.status).toBe(201);
    const mirror = createStateMirror(source);
    expect(await mirror.getState()).toEqual(sandbox.getState());
    const second = await createPayment(sandbox, ndctBody(sandbox.getState()), {
      query: '?allowLogicalDuplicate=true',
    });
    expect(second.status).toBe(201);
    const shown = mirror.current() as State;
    expect(shown).toEqual(sandbox.getState());
    expect(paymentById(shown, first.body.paymentId)?.transactionStatus).toBe('RCVD');
    expect(paymentById(shown, second.body.paymentId)?.transactionStatus).toBe('RCVD');
    expect(authorisationList(shown)).toHaveLength(2);
  });

  it('follows a TPP’s signed writes past the first block of its replay memory, reading the state once', async () => {
    // The engine keeps a TPP's X-Request-IDs in blocks of 16 (core/replay.ts), which the export lists
    // as one: a mirror built from the export could not apply the patches of later writes.
    const { sandbox, source } = workerLikeBank(undefined, undefined, 'required');
    const signed = signing(sandbox);
    await createPayments(signed, 20);
    const reads: string[] = [];
    const mirror = createStateMirror(source, {
      fetch: (request) => {
        reads.push(new URL(request.url).search);
        return fetch(request);
      },
    });
    expect(await mirror.getState()).toEqual(sandbox.getState());
    await createPayments(signed, 20);
    expect(mirror.current()).toEqual(sandbox.getState());
    expect(reads).toEqual(['?shape=engine']);
  });

  it('answers a request once its own changes are in the state it shows', async () => {
    const { source } = workerLikeBank();
    const mirror = createStateMirror(source);
    await mirror.getState();
    const response = await mirror.fetch(
      new Request('http://localhost/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 1440 }),
      }),
    );
    expect(response.status).toBe(200);
    expect(mirror.current()?.clock.offsetMs).toBe(1440 * 60_000);
  });

  it('passes the request log on, every tab’s requests included', async () => {
    const { source } = workerLikeBank();
    const mirror = createStateMirror(source);
    const paths: string[] = [];
    mirror.subscribe((event) => {
      if (event.type === 'request') paths.push(`${event.entry.method} ${event.entry.path}`);
    });
    await mirror.getState();
    await advance(5);
    expect(paths).toEqual(['GET /_sandbank/state?shape=engine', 'POST /_sandbank/clock']);
  });

  it('reads the whole state again when a change is lost in transit', async () => {
    const { sandbox, source } = workerLikeBank((seq) => seq === 2);
    const mirror = createStateMirror(source);
    await mirror.getState();
    await advance(10);
    await advance(20); // lost
    await advance(30); // seq 3 after 1: a gap
    await expect.poll(async () => (await mirror.getState()).clock.offsetMs).toBe(60 * 60_000);
    expect(await mirror.getState()).toEqual(sandbox.getState());
  });

  it('reads the whole state again after the worker restarts, and on refresh()', async () => {
    const { sandbox, source } = workerLikeBank();
    const reads: string[] = [];
    const mirror = createStateMirror(source, {
      fetch: (request) => {
        reads.push(new URL(request.url).pathname);
        return fetch(request);
      },
    });
    await mirror.getState();
    source.restart();
    await expect.poll(() => reads.length).toBe(2);
    await mirror.getState(); // waits for that read
    await expect(mirror.refresh()).resolves.toEqual(sandbox.getState());
    expect(reads).toEqual(['/_sandbank/state', '/_sandbank/state', '/_sandbank/state']);
  });

  it('reads again when its own log entry is lost while a change arrives, rather than guess whether it includes the change', async () => {
    let lost = 0;
    const { sandbox, source } = workerLikeBank(
      () => false,
      (entry) => entry.path === '/_sandbank/state?shape=engine' && lost++ === 0,
    );
    const reads: string[] = [];
    const mirror = createStateMirror(source, {
      readTimeoutMs: 1,
      fetch: async (request) => {
        const response = await fetch(request);
        reads.push(new URL(request.url).pathname);
        // Another tab's change, after the first read was answered: the read does not include it.
        if (reads.length === 1) expect((await advance(45)).status).toBe(200);
        return response;
      },
    });
    expect(await mirror.getState()).toEqual(sandbox.getState());
    expect(mirror.current()?.clock.offsetMs).toBe(45 * 60_000);
    expect(reads).toEqual(['/_sandbank/state', '/_sandbank/state']);
  });

  it('stops following the events once closed', async () => {
    const { source } = workerLikeBank();
    const mirror = createStateMirror(source);
    await mirror.getState();
    mirror.close();
    expect(source.listeners.size).toBe(0);
  });

  it('follows the bank registerSandbox() answers from (here its in-page fallback)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handle: RegisteredSandbox = await registerSandbox({ signatures: 'off' });
    cleanups.push(() => handle.unregister());
    const mirror = createStateMirror(handle);
    cleanups.push(() => mirror.close());
    const before = await mirror.getState();
    const answer = await mirror.fetch(
      new Request('http://localhost/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 90 }),
      }),
    );
    expect(answer.status).toBe(200);
    expect(mirror.current()?.clock.offsetMs).toBe(before.clock.offsetMs + 90 * 60_000);
  });
});
