import type { Commit, SandboxEvent, State } from '@sandbank/engine';
import type { RegisteredSandbox, SandbankEvent } from '@sandbank/service-worker';
import { applyPatches, enablePatches } from 'immer';
import type { BankConnection } from './connection.js';
import { bankOrigin } from './request.js';

enablePatches();

/** How long a request waits for its own log entry (and so its changes) to arrive on the channel. */
const ECHO_TIMEOUT_MS = 2000;

/** How long a re-read waits for its own request to come back on the channel before trusting the read alone. */
const MARKER_TIMEOUT_MS = 3000;

type StateChange = Extract<SandbankEvent, { type: 'state-change' }>;

interface Resync {
  /** The X-Request-ID of the `GET /_sandbank/state` this re-read sent. */
  marker: string;
  /** State changes that arrived while the read was in flight. */
  pending: StateChange[];
  /** How many of `pending` arrived before the read's own request-log entry (so the read includes them). */
  cut: number | null;
  markerSeen: () => void;
}

/**
 * The bank in the service worker: requests go through the page's own `fetch` (the worker answers
 * them), the state is read once from `GET /_sandbank/state` and then kept current with the immer
 * patches every tab receives on the BroadcastChannel 'sandbank', so requests made by another tab
 * (the app under development) redraw every view here too.
 *
 * The worker broadcasts its events in order, and the read's own request-log entry comes after the
 * changes the read includes and before the ones it does not: that entry (found by its X-Request-ID)
 * tells which buffered patches still apply. A gap in `seq` (a lost message) or a restarted worker
 * reads the whole state again.
 */
export function createWorkerConnection(
  registered: Pick<RegisteredSandbox, 'subscribe'>,
  fetcher: (request: Request) => Promise<Response> = (request) => fetch(request),
): BankConnection {
  const listeners = new Set<(event: SandboxEvent) => void>();
  let current: State | null = null;
  /** The seq of the last change `current` includes; null when unknown (the next change applies). */
  let lastSeq: number | null = null;
  let resync: Resync | null = null;
  let reading: Promise<State> | null = null;
  /** Requests in flight, by X-Request-ID, waiting for their own log entry. */
  const echoes = new Map<string, () => void>();

  const emit = (event: SandboxEvent) => {
    for (const listener of listeners) listener(event);
  };

  const apply = (change: StateChange) => {
    if (current === null) return;
    if (lastSeq !== null && change.seq <= lastSeq) return;
    if (lastSeq !== null && change.seq !== lastSeq + 1) {
      read().catch((error: unknown) =>
        console.error('[sandbank playground] re-reading the state failed', error),
      );
      return;
    }
    current = applyPatches(current, change.patches);
    lastSeq = change.seq;
    const commit: Commit = { seq: change.seq, patches: change.patches, state: current };
    emit({ type: 'commit', commit });
  };

  function read(): Promise<State> {
    if (reading !== null) return reading;
    const marker = crypto.randomUUID();
    let markerSeen: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => {
      markerSeen = resolve;
      setTimeout(resolve, MARKER_TIMEOUT_MS);
    });
    const pass: Resync = { marker, pending: [], cut: null, markerSeen: () => markerSeen() };
    resync = pass;
    reading = (async () => {
      try {
        const response = await fetcher(
          new Request(new URL('/_sandbank/state', bankOrigin()), { headers: { 'X-Request-ID': marker } }),
        );
        if (!response.ok) throw new Error(`GET /_sandbank/state answered ${response.status}`);
        const state = (await response.json()) as State;
        await seen;
        const cut = pass.cut ?? pass.pending.length;
        const included = pass.pending.slice(0, cut);
        current = state;
        lastSeq = included.length > 0 ? Math.max(...included.map((c) => c.seq)) : null;
        resync = null;
        emit({ type: 'commit', commit: { seq: lastSeq ?? 0, patches: [], state } });
        for (const change of pass.pending.slice(cut)) apply(change);
        return current;
      } finally {
        resync = null;
        reading = null;
      }
    })();
    return reading;
  }

  registered.subscribe((event) => {
    if (event.type === 'request') {
      if (resync !== null && event.entry.requestHeaders['x-request-id'] === resync.marker) {
        resync.cut = resync.pending.length;
        resync.markerSeen();
      }
      emit({ type: 'request', entry: event.entry });
      const id = event.entry.requestHeaders['x-request-id'];
      if (id !== undefined) echoes.get(id)?.();
      return;
    }
    if (event.type === 'storage') {
      // The worker (re)started from its stored state: read it rather than trust the seq chain.
      if (current !== null) read().catch(() => undefined);
      return;
    }
    if (resync !== null) resync.pending.push(event);
    else apply(event);
  });

  /**
   * Read-your-writes: the answer is handed back once the request's own log entry has come back on
   * the channel. The worker broadcasts a request's changes before its entry, so by then this tab's
   * state (and the bank clock the signer dates requests by) includes them.
   */
  const send = async (request: Request): Promise<Response> => {
    let id = request.headers.get('x-request-id');
    let sent = request;
    if (id === null) {
      id = crypto.randomUUID();
      const headers = new Headers(request.headers);
      headers.set('X-Request-ID', id);
      sent = new Request(request, { headers });
    }
    const key = id;
    const echoed = new Promise<void>((resolve) => {
      echoes.set(key, resolve);
      setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      const response = await fetcher(sent);
      await echoed;
      return response;
    } finally {
      echoes.delete(key);
    }
  };

  return {
    fetch: send,
    getState: () => (current !== null && reading === null ? Promise.resolve(current) : read()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
