import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { NOW } from '@sandbank/test-support/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxServer, listen } from '../../src/node/index.js';
import { createSandbox } from '../../src/sandbox.js';

// A client that stalls or goes away is the client's doing: Node's timeouts answer 408 with the
// engine's JSON error, and an abandoned request is neither answered nor logged as an engine error.
// Node's timeouts are made short here so that the test waits for them rather than for its own timer.

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createSandboxServer(createSandbox({ now: () => NOW, signatures: 'off' }), undefined, {
    headersTimeout: 200,
    requestTimeout: 200,
    connectionsCheckingInterval: 20,
  });
  port = Number(new URL(await listen(server, { port: 0 })).port);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function open(): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answer = once(socket, 'close').then(() => Buffer.concat(chunks).toString('utf8'));
  await once(socket, 'connect');
  return { socket, answer };
}

function parse(answer: string) {
  const split = answer.indexOf('\r\n\r\n');
  return { head: answer.slice(0, split), body: JSON.parse(answer.slice(split + 4)) as unknown };
}

/** Whether the engine logged a failure of its own. */
function engineErrors(spy: { mock: { calls: unknown[][] } }): unknown[][] {
  return spy.mock.calls.filter((call) => String(call[0]).includes('unexpected error'));
}

describe('a stalled request', () => {
  it('headers never finished: 408 with a tppMessages body', async () => {
    const { socket, answer } = await open();
    socket.write('GET /v1/sandbox/customers HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const { head, body } = parse(await answer);
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toContain('connection: close');
    expect(body).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'BAD_REQUEST' }] });
  });

  it('body never finished: 408, and no engine error logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket, answer } = await open();
    const received = once(server, 'request') as Promise<[{ on(event: 'close', f: () => void): void }]>;
    socket.write(
      'POST /v1/sandbox/initialize HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        'content-length: 100\r\n\r\n{"a":',
    );
    const [req] = await received;
    const closed = new Promise<void>((resolve) => req.on('close', resolve));
    const { head, body } = parse(await answer);
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(body).toMatchObject({ tppMessages: [{ code: 'BAD_REQUEST' }] });
    await closed;
    // The abandoned request has been handled once a later one on another connection is answered.
    expect((await fetch(`http://127.0.0.1:${port}/_sandbank/clock`)).status).toBe(200);
    expect(engineErrors(log)).toEqual([]);
  });
});

describe('an aborted upload', () => {
  it('is not answered and not logged as an engine error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { socket, answer } = await open();
    const received = once(server, 'request') as Promise<[{ on(event: 'close', f: () => void): void }]>;
    socket.write(
      'POST /v1/sandbox/initialize HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        'content-length: 100\r\n\r\n{"a":',
    );
    const [req] = await received;
    const closed = new Promise<void>((resolve) => req.on('close', resolve));
    socket.destroy();
    expect(await answer).toBe('');
    await closed;
    expect((await fetch(`http://127.0.0.1:${port}/_sandbank/clock`)).status).toBe(200);
    expect(engineErrors(log)).toEqual([]);
  });
});
