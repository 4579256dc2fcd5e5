import type { SandboxEvent, State } from '@sandbank/engine';

/**
 * How the playground talks to the bank. Today an engine in the page answers; with the service
 * worker the same interface is served by `registerSandbox()` and its BroadcastChannel events.
 * Only `connect.ts` decides which one is used.
 */
export interface BankConnection {
  /** Sends a request to the bank exactly as an app's `fetch('/v1/...')` would. */
  fetch(request: Request): Promise<Response>;
  /** The whole current state (plain data; never mutated). */
  getState(): Promise<State>;
  /** Commits and request-log entries as they happen; returns the unsubscribe function. */
  subscribe(listener: (event: SandboxEvent) => void): () => void;
}
