import type { RequestLogEntry, State } from '@sandbank/engine';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { BankConnection } from './connection.js';
import { type ApiCall, type ApiResult, buildRequest, readResult } from './request.js';

export const BankContext = createContext<BankConnection | null>(null);

export function useConnection(): BankConnection {
  const connection = useContext(BankContext);
  if (connection === null) throw new Error('useConnection needs a <BankContext.Provider>');
  return connection;
}

/** The bank state, replaced on every commit (immer keeps untouched slices identical, so memos hold). */
export function useBankState(connection: BankConnection): State | null {
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let live = true;
    const unsubscribe = connection.subscribe((event) => {
      if (event.type !== 'commit') return;
      // A transport that broadcasts patches only (no whole state) is read back instead.
      const next: State | undefined = event.commit.state;
      if (next !== undefined) {
        setState(next);
        return;
      }
      connection.getState().then((fresh) => {
        if (live) setState(fresh);
      });
    });
    connection.getState().then((initial) => {
      if (live) setState((current) => current ?? initial);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [connection]);
  return state;
}

/** Bounded: the log keeps the newest entries so a long session stays light. */
export const LOG_LIMIT = 2000;

export function useRequestLog(connection: BankConnection): {
  entries: RequestLogEntry[];
  clear: () => void;
} {
  const [entries, setEntries] = useState<RequestLogEntry[]>([]);
  useEffect(
    () =>
      connection.subscribe((event) => {
        if (event.type !== 'request') return;
        setEntries((current) => {
          const next =
            current.length >= LOG_LIMIT ? current.slice(current.length - LOG_LIMIT + 1) : [...current];
          next.push(event.entry);
          return next;
        });
      }),
    [connection],
  );
  const clear = useCallback(() => setEntries([]), []);
  return { entries, clear };
}

/**
 * The bank clock: the page clock plus the state's offset, ticking every `everyMs`. Only the
 * components that show time use it, so the tick does not re-render the rest of the page.
 */
export function useBankNow(offsetMs: number, everyMs = 1000): number {
  const [wall, setWall] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setWall(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return wall + offsetMs;
}

/** Sends one API call and keeps its result; `pending` while it is in flight. */
export function useApiCall(connection: BankConnection) {
  const [result, setResult] = useState<ApiResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = useCallback(
    async (call: ApiCall): Promise<ApiResult | null> => {
      setPending(true);
      setError(null);
      try {
        const response = await connection.fetch(await buildRequest(call));
        const read = await readResult(response);
        setResult(read);
        return read;
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
        return null;
      } finally {
        setPending(false);
      }
    },
    [connection],
  );
  return { send, result, error, pending };
}
