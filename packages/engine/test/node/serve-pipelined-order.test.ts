import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { NOW } from '@sandbank/test-support/payments';
import { afterEach, expect, it } from 'vitest';
import { createSandboxServer, listen } from '../../src/node/index.js';
import { createSandbox } from '../../src/sandbox.js';

// HTTP/1.1 pipelining (RFC 9112 section 9.3.2): requests sent one after another on a connection
// reach the bank in that order. A request with a body is read before it is handed on, so a body-less
// request right behind it was handed on first and was answered from the bank as it was before.

const LATER = '2026-03-02T11:00:00.000Z';

let server: Server | undefined;

afterEach(async () => {
  const stopping = server;
  server = undefined;
  if (stopping === undefined) return;
  stopping.closeAllConnections();
  await new Promise((resolve) => stopping.close(resolve));
});

/** Sends `bytes` in one write and returns the JSON bodies of the answers, in the order they came. */
async function pipelined(port: number, bytes: string): Promise<unknown[]> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  socket.write(bytes);
  await closed;
  const bodies: unknown[] = [];
  let rest = Buffer.concat(chunks);
  while (rest.byteLength > 0) {
    const split = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, split).toString('latin1');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    bodies.push(JSON.parse(rest.subarray(split + 4, split + 4 + length).toString('utf8')));
    rest = rest.subarray(split + 4 + length);
  }
  return bodies;
}

it('a write with a body, then a read pipelined behind it: the read sees the write', async () => {
  const bank = createSandbox({ now: () => NOW, signatures: 'off' });
  server = createSandboxServer(bank);
  const port = Number(new URL(await listen(server, { port: 0 })).port);
  const text = JSON.stringify({ set: LATER });
  const bodies = await pipelined(
    port,
    'POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      `content-length: ${text.length}\r\n\r\n${text}` +
      'GET /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\n\r\n',
  );
  expect(bodies).toMatchObject([{ now: LATER }, { now: LATER }]);
});

it('three writes pipelined: the bank applies them in the order sent', async () => {
  const bank = createSandbox({ now: () => NOW, signatures: 'off' });
  server = createSandboxServer(bank);
  const port = Number(new URL(await listen(server, { port: 0 })).port);
  const post = (body: unknown, extra = '') => {
    const text = JSON.stringify(body);
    return (
      'POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      `content-length: ${text.length}\r\n${extra}\r\n${text}`
    );
  };
  const bodies = await pipelined(
    port,
    post({ set: LATER }) +
      post({ advanceMinutes: 60 }) +
      'GET /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\n\r\n',
  );
  expect(bodies).toMatchObject([
    { now: LATER },
    { now: '2026-03-02T12:00:00.000Z' },
    { now: '2026-03-02T12:00:00.000Z' },
  ]);
  expect(new Date(bank.now()).toISOString()).toBe('2026-03-02T12:00:00.000Z');
});
