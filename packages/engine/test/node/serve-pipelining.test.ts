import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { NOW } from '@sandbank/test-support/payments';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxServer, listen } from '../../src/node/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox.js';

// HTTP/1.1 pipelining: a client may send its next request before the answer to the last. Requests
// sent one after another on a connection reach the bank in that order (RFC 9112 section 9.3.2): a
// request with a body is read before it is handed on, so a body-less request right behind it was
// handed on first and answered from the bank as it was before. And when the bytes after a request
// cannot be parsed, Node reports them (`clientError`) while that request's answer may still be being
// made: the answer must still arrive, whole, before the refusal of the bytes after it, since the
// request may have changed the bank (here it moves the clock).

const LATER = '2026-03-02T11:00:00.000Z';
/** A request Node cannot parse: a header line without a colon (HPE_INVALID_HEADER_TOKEN). */
const GARBAGE = 'GET /v1/sandbox/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n';

let server: Server | undefined;

afterEach(async () => {
  const stopping = server;
  server = undefined;
  if (stopping === undefined) return;
  stopping.closeAllConnections();
  await new Promise((resolve) => stopping.close(resolve));
});

/**
 * A bank on a fixed clock whose answers are made only once `released` resolves, so that a test can
 * have Node report the bytes after a request before that request is answered, whatever the timing.
 */
async function start(released: (server: Server) => Promise<unknown> = () => Promise.resolve()) {
  const bank = createSandbox({ now: () => NOW, signatures: 'off' });
  let release: Promise<unknown> = Promise.resolve();
  const held = {
    fetch: async (request: Request) => {
      await release;
      return bank.fetch(request);
    },
  } as unknown as Sandbox;
  server = createSandboxServer(held);
  release = released(server);
  const port = Number(new URL(await listen(server, { port: 0 })).port);
  return { bank, port };
}

/** A raw connection: everything received once the server closed it. */
async function open(port: number): Promise<{ socket: Socket; all: Promise<string> }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const all = once(socket, 'close').then(() => Buffer.concat(chunks).toString('utf8'));
  await once(socket, 'connect');
  return { socket, all };
}

interface Answer {
  status: number;
  head: string;
  body: unknown;
}

/** The answers in a byte stream, each read to its Content-Length; throws on a truncated one. */
function answers(stream: string): Answer[] {
  const out: Answer[] = [];
  let rest = stream;
  while (rest !== '') {
    const split = rest.indexOf('\r\n\r\n');
    if (split === -1) throw new Error(`an answer without its end of head: ${JSON.stringify(rest)}`);
    const head = rest.slice(0, split);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    const body = Buffer.from(rest.slice(split + 4), 'utf8');
    if (!(body.byteLength >= length)) throw new Error(`a truncated answer: ${JSON.stringify(rest)}`);
    out.push({
      status: Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 '.length + 3)),
      head,
      body: JSON.parse(body.subarray(0, length).toString('utf8')),
    });
    rest = body.subarray(length).toString('utf8');
  }
  return out;
}

function moveClock(extra = '', body: unknown = { set: LATER }): string {
  const text = JSON.stringify(body);
  return (
    'POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
    `content-length: ${text.length}\r\n${extra}\r\n${text}`
  );
}

const READ_CLOCK_AND_CLOSE = 'GET /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\n\r\n';

describe('requests pipelined one after another', () => {
  it('a write with a body, then a read pipelined behind it: the read sees the write', async () => {
    const { port } = await start();
    const connection = await open(port);
    connection.socket.write(moveClock() + READ_CLOCK_AND_CLOSE);
    expect(answers(await connection.all)).toMatchObject([{ body: { now: LATER } }, { body: { now: LATER } }]);
  });

  it('three writes pipelined: the bank applies them in the order sent', async () => {
    const { bank, port } = await start();
    const connection = await open(port);
    connection.socket.write(moveClock() + moveClock('', { advanceMinutes: 60 }) + READ_CLOCK_AND_CLOSE);
    const later = '2026-03-02T12:00:00.000Z';
    expect(answers(await connection.all)).toMatchObject([
      { body: { now: LATER } },
      { body: { now: later } },
      { body: { now: later } },
    ]);
    expect(new Date(bank.now()).toISOString()).toBe(later);
  });
});

const refusal = {
  status: 400,
  body: { tppMessages: [{ code: 'BAD_REQUEST', text: expect.stringContaining('HPE_INVALID_HEADER_TOKEN') }] },
};

describe('bytes that cannot be parsed, pipelined after a request', () => {
  it('the answer being made is written whole, then the 400, then the connection closes', async () => {
    const { bank, port } = await start((s) => once(s, 'clientError'));
    const connection = await open(port);
    connection.socket.write(moveClock() + GARBAGE);
    const received = answers(await connection.all);
    expect(received).toMatchObject([{ status: 200, body: { now: LATER } }, refusal]);
    expect(received[1]?.head).toContain('connection: close');
    expect(new Date(bank.now()).toISOString()).toBe(LATER);
  });

  it('two requests then the bytes: both answers in order, then the 400', async () => {
    const { port } = await start((s) => once(s, 'clientError'));
    const connection = await open(port);
    connection.socket.write(
      `${moveClock()}GET /v1/sandbox/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: r1\r\n\r\n${GARBAGE}`,
    );
    const received = answers(await connection.all);
    expect(received).toMatchObject([{ status: 200, body: { now: LATER } }, { status: 200 }, refusal]);
    expect(received[1]?.body).toHaveLength(4);
  });

  it('more bytes while the answer is being made: still one 400, after the answer', async () => {
    let reported = 0;
    let connection: Awaited<ReturnType<typeof open>> | undefined;
    const { port } = await start(
      (s) =>
        new Promise<void>((resolve) => {
          s.on('clientError', () => {
            reported += 1;
            // Node reports the later bytes too; the answer is made once it has reported them.
            if (reported === 1) connection?.socket.write(GARBAGE);
            else resolve();
          });
        }),
    );
    connection = await open(port);
    connection.socket.write(moveClock() + GARBAGE);
    expect(answers(await connection.all)).toMatchObject([{ status: 200, body: { now: LATER } }, refusal]);
    expect(reported).toBe(2);
  });

  it('a next request whose body is broken: the answer before it, then the 400 refusing it', async () => {
    const { port } = await start((s) => once(s, 'clientError'));
    const connection = await open(port);
    const broken =
      'POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      'transfer-encoding: chunked\r\n\r\nnot-a-chunk-size\r\n';
    connection.socket.write(moveClock() + broken);
    expect(answers(await connection.all)).toMatchObject([
      { status: 200, body: { now: LATER } },
      {
        status: 400,
        body: { tppMessages: [{ code: 'BAD_REQUEST', text: expect.stringContaining('HPE_') }] },
      },
    ]);
  });

  it('CONNECT pipelined after a request: the answer, then the 405', async () => {
    const { port } = await start((s) => once(s, 'connect'));
    const connection = await open(port);
    connection.socket.write(
      `${moveClock()}CONNECT bank.example:443 HTTP/1.1\r\nHost: bank.example:443\r\n\r\n`,
    );
    expect(answers(await connection.all)).toMatchObject([
      { status: 200, body: { now: LATER } },
      { status: 405, body: { tppMessages: [{ code: 'BAD_REQUEST' }] } },
    ]);
  });

  it('after a request that closes the connection: its answer only', async () => {
    const { port } = await start((s) => once(s, 'clientError'));
    const connection = await open(port);
    connection.socket.write(moveClock('Connection: close\r\n') + GARBAGE);
    expect(answers(await connection.all)).toMatchObject([{ status: 200, body: { now: LATER } }]);
  });
});
