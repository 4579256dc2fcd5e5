import { createMemoryCookieJar, createSandbox, type SandboxOptions } from '@sandbank/engine';
import type { BankConnection } from './connection.js';

/**
 * A bank running inside the page: no worker, no persistence; state lives as long as the tab. Its
 * pages' cookies are kept beside it (a page cannot send or read Cookie headers on its own Requests).
 */
export function createInPageConnection(options: SandboxOptions = {}): BankConnection {
  const sandbox = createSandbox({ cookieJar: createMemoryCookieJar(), ...options });
  return {
    fetch: (request) => sandbox.fetch(request),
    getState: async () => sandbox.getState(),
    subscribe: (listener) => sandbox.subscribe(listener),
  };
}
