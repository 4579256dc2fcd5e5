import type { Server } from 'node:http';
import { NOW } from '@sandbank/test-support/payments';
import { afterAll, beforeAll } from 'vitest';
import { createSandboxServer, listen } from '../../src/node/index.js';
import { createSandbox } from '../../src/sandbox.js';

/** `sandbank serve` of a new bank (signatures off) for a file's tests: its port once it listens. */
export function servedBank(): { port: () => number } {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createSandboxServer(createSandbox({ now: () => NOW, signatures: 'off' }));
    port = Number(new URL(await listen(server, { port: 0 })).port);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: () => port };
}
