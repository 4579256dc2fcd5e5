import { createSandbox, type SandboxOptions } from '@sandbank/engine';
import type { BankConnection } from './connection.js';

/** A bank running inside the page: no worker, no persistence; state lives as long as the tab. */
export function createInPageConnection(options: SandboxOptions = {}): BankConnection {
  const sandbox = createSandbox(options);
  return {
    fetch: (request) => sandbox.fetch(request),
    getState: async () => sandbox.getState(),
    subscribe: (listener) => sandbox.subscribe(listener),
  };
}
