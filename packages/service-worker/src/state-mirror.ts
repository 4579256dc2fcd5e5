import { type ExportedState, type SandboxEvent, type State, stateFromExport } from '@sandbank/engine';
import { applyPatches, enablePatches } from 'immer';
import type { SandbankEvent } from './protocol.js';

/** Where the events come from: `registerSandbox()`'s handle, or anything that delivers the same events. */
export interface StateMirrorSource {
  subscribe(listener: (event: SandbankEvent) => void): () => void;
}

export interface StateMirrorOptions {
  /** How requests reach the bank (default: the page's own `fetch`, which the worker or the fallback answers). */
  fetch?: (request: Request) => Promise<Response>;
  /** Where the whole state is read (default `/_sandbank/state` on the page's origin). */
  stateUrl?: string | URL;
  /** The longest a request waits for its own log entry before its answer is handed back anyway (default 2 s). */
  echoTimeoutMs?: number;
  /** The longest a read waits for its own log entry before trusting the read alone (default 3 s). */
  readTimeoutMs?: number;
  /** A failed re-read in the background (default: `console.error`). */
  onError?: (error: unknown) => void;
}

/**
 * The bank state on the page side, kept current from the worker's events: read once, then patched.
 * Its `fetch`, `getState` and `subscribe` have the shape of the engine's `Sandbox`, so a view written
 * against an in-page `createSandbox()` works unchanged on the worker.
 */
export interface StateMirror {
  /** The state as last known, without waiting; null until the first read has answered. */
  current(): State | null;
  /** The current state: the last known one, or (first, or after a lost change) a fresh read. */
  getState(): Promise<State>;
  /** `commit` with the whole new state after every change (from any tab), and every `request` log entry. */
  subscribe(listener: (event: SandboxEvent) => void): () => void;
  /** Sends a request to the bank; resolves once the state here includes its changes (read-your-writes). */
  fetch(request: Request): Promise<Response>;
  /** Reads the whole state again, e.g. after the events may have been interrupted. */
  refresh(): Promise<State>;
  /** Stops following the events. */
  close(): void;
}

type StateChange = Extract<SandbankEvent, { type: 'state-change' }>;

interface Read {
  /** The X-Request-ID of the `GET /_sandbank/state` this read sent. */
  marker: string;
  /** State changes that arrived while the read was in flight. */
  pending: StateChange[];
  /** How many of `pending` arrived before the read's own request-log entry (so the read includes them). */
  cut: number | null;
  markerSeen: () => void;
}

/** Resolves on `settle()` or after `ms`, whichever comes first (a ceiling against a lost message). */
function settleable(ms: number): { settled: Promise<void>; settle: () => void } {
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    settle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { settled, settle };
}

function defaultStateUrl(): URL {
  const base =
    typeof location === 'undefined' || location.origin === 'null' ? 'http://localhost' : location.href;
  return new URL('/_sandbank/state', base);
}

/**
 * The state in the engine's own shape (`?shape=engine`): the patches that follow address its
 * chunks and the replay memory's blocks, which the export's format lists flat and a mirror could not
 * lay out again as the engine did (docs/decisions/keyed-chunks.md).
 */
function inEngineShape(url: URL): URL {
  const shaped = new URL(url);
  shaped.searchParams.set('shape', 'engine');
  return shaped;
}

function requestId(): string {
  return crypto.randomUUID();
}

/**
 * Follows the bank in the service worker (or a hosted bank, or the in-page fallback) from the page:
 * the state is read once (`GET /_sandbank/state`) and then kept current with the immer patches of
 * the `state-change` events every tab receives, so requests made by any tab show here.
 *
 * The worker broadcasts its events in order, and a read's own request-log entry comes after the
 * changes the read includes and before the ones it does not: that entry (found by its X-Request-ID)
 * tells which buffered patches still apply. A gap in `seq` (a lost message) or a restarted worker
 * (`storage` event) reads the whole state again.
 */
export function createStateMirror(source: StateMirrorSource, options: StateMirrorOptions = {}): StateMirror {
  // Called here, not at import: the package is side-effect free for bundlers.
  enablePatches();
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const stateUrl = inEngineShape(
    options.stateUrl === undefined ? defaultStateUrl() : new URL(options.stateUrl),
  );
  const echoTimeoutMs = options.echoTimeoutMs ?? 2000;
  const readTimeoutMs = options.readTimeoutMs ?? 3000;
  const onError =
    options.onError ?? ((error: unknown) => console.error('[sandbank] re-reading the state failed', error));
  const listeners = new Set<(event: SandboxEvent) => void>();
  let current: State | null = null;
  /** The seq of the last change `current` includes; null when unknown (the next change applies). */
  let lastSeq: number | null = null;
  let inFlight: Read | null = null;
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
      read().catch(onError);
      return;
    }
    current = applyPatches(current, change.patches);
    lastSeq = change.seq;
    emit({ type: 'commit', commit: { seq: change.seq, patches: change.patches, state: current } });
  };

  /** One read: the state and what came on the channel while it was in flight. */
  async function readOnce(): Promise<{ state: State; pass: Read }> {
    const marker = requestId();
    const seen = settleable(readTimeoutMs);
    const pass: Read = { marker, pending: [], cut: null, markerSeen: seen.settle };
    inFlight = pass;
    try {
      const response = await send(new Request(stateUrl, { headers: { 'X-Request-ID': marker } }));
      if (!response.ok) throw new Error(`GET ${stateUrl.pathname} answered ${response.status}`);
      // The engine's own shape; a bank that answers the export's format instead (one that does not
      // know `?shape`) is converted as an import converts it.
      const state = stateFromExport((await response.json()) as ExportedState);
      await seen.settled;
      return { state, pass };
    } finally {
      seen.settle();
    }
  }

  function read(): Promise<State> {
    if (reading !== null) return reading;
    reading = (async () => {
      try {
        let done = await readOnce();
        // Its own entry never came and changes did: which of them the read includes is unknown, so
        // read once more rather than guess (a second loss trusts the read, as before).
        if (done.pass.cut === null && done.pass.pending.length > 0) done = await readOnce();
        const { state, pass } = done;
        const cut = pass.cut ?? pass.pending.length;
        const included = pass.pending.slice(0, cut);
        current = state;
        lastSeq = included.length > 0 ? Math.max(...included.map((c) => c.seq)) : null;
        inFlight = null;
        emit({ type: 'commit', commit: { seq: lastSeq ?? 0, patches: [], state } });
        for (const change of pass.pending.slice(cut)) apply(change);
        return current;
      } finally {
        inFlight = null;
        reading = null;
      }
    })();
    return reading;
  }

  const unsubscribe = source.subscribe((event) => {
    if (event.type === 'request') {
      const id = event.entry.requestHeaders['x-request-id'];
      if (inFlight !== null && id === inFlight.marker) {
        inFlight.cut = inFlight.pending.length;
        inFlight.markerSeen();
      }
      emit({ type: 'request', entry: event.entry });
      if (id !== undefined) echoes.get(id)?.();
      return;
    }
    if (event.type === 'storage') {
      // The worker (re)started from its stored state: read it rather than trust the seq chain.
      if (current !== null) read().catch(onError);
      return;
    }
    if (inFlight !== null) inFlight.pending.push(event);
    else apply(event);
  });

  /**
   * Read-your-writes: the answer is handed back once the request's own log entry has come back on
   * the channel. The worker broadcasts a request's changes before its entry, so by then this
   * mirror's state includes them.
   */
  const fetchThrough = async (request: Request): Promise<Response> => {
    let id = request.headers.get('x-request-id');
    let sent = request;
    if (id === null) {
      id = requestId();
      const headers = new Headers(request.headers);
      headers.set('X-Request-ID', id);
      sent = new Request(request, { headers });
    }
    const key = id;
    const echo = settleable(echoTimeoutMs);
    echoes.set(key, echo.settle);
    try {
      const response = await send(sent);
      await echo.settled;
      return response;
    } finally {
      echo.settle();
      echoes.delete(key);
    }
  };

  return {
    current: () => current,
    getState: () => (current !== null && reading === null ? Promise.resolve(current) : read()),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetch: fetchThrough,
    refresh: read,
    close() {
      unsubscribe();
      listeners.clear();
    },
  };
}
