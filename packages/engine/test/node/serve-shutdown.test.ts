import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { describe, expect, it } from 'vitest';
import { createSandboxServer, listen, shutdown } from '../../src/node/index.js';
import type { Sandbox } from '../../src/sandbox.js';

// Stopping the server must not wait on a slow client: an answer being made is finished, a request
// still arriving or an idle connection is closed, and then the server has stopped.

const root = fileURLToPath(new URL('../../../../', import.meta.url));

async function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = once(socket, 'close').then(() => received);
  await once(socket, 'connect');
  return { socket, closed };
}

describe('shutdown', () => {
  it('finishes the answer being made and closes the slow, the idle and the half-sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    let asked: () => void = () => undefined;
    const fetching = new Promise<void>((resolve) => {
      asked = resolve;
    });
    // A bank whose answer comes when the test says so.
    const sandbox = {
      fetch: () => {
        asked();
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    } as unknown as Sandbox;
    const server: Server = createSandboxServer(sandbox);
    const port = Number(new URL(await listen(server, { port: 0 })).port);
    const request = (socket: Socket) => once(server, 'request').then(() => socket);

    const connected = once(server, 'connection');
    const headersOnly = await open(port);
    headersOnly.socket.write('GET /v1/sandbox/customers HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await connected;

    const slowUpload = await open(port);
    slowUpload.socket.write(
      'POST /v1/sandbox/initialize HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 100\r\n\r\n{"a":',
    );
    await request(slowUpload.socket);

    const answering = await open(port);
    answering.socket.write('GET /v1/sandbox/customers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await fetching;

    const stopped = shutdown(server);
    expect(await headersOnly.closed).toBe('');
    expect(await slowUpload.closed).toBe('');
    answer(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const text = await answering.closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text.endsWith('{"ok":true}')).toBe(true);
    await stopped;
    expect(server.listening).toBe(false);
  });

  it('sandbank serve exits on SIGTERM while a client holds an unfinished request', async () => {
    // Node itself (not pnpm or tsx's launcher), so that the signal and the exit are the server's own.
    const child = spawn(...sandbankCommand(['serve', '--port', '0']), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let base = '';
    for await (const line of createInterface({ input: child.stdout })) {
      base ||= /(http:\/\/[^\s/]+)/.exec(line)?.[1] ?? '';
      if (line.startsWith('control plane:')) break;
    }
    const held = await open(Number(new URL(base).port));
    held.socket.write('POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 100\r\n\r\n{');
    // The server has accepted the held connection by the time it answers one opened after it.
    expect((await fetch(`${base}/_sandbank/clock`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    await held.closed;
  });
});
