import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { servedBank } from './served.js';

// Expect is answered by the adapter, after its checks and through the engine's one error answer:
// Node alone would answer 417 with no body (before the Host check) and 100 Continue to any length.

const bank = servedBank();

/** A raw connection: what it received so far, and a wait for a text to arrive. */
async function open() {
  const socket = connect(bank.port(), '127.0.0.1');
  let received = '';
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
    for (const wait of waiting.filter((w) => received.includes(w.text))) wait.resolve();
  });
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  return {
    socket,
    received: () => received,
    until: (text: string) =>
      received.includes(text)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ text, resolve })),
    all: async () => {
      await closed;
      return received;
    },
  };
}

function parse(answer: string) {
  const split = answer.indexOf('\r\n\r\n');
  return { head: answer.slice(0, split), body: JSON.parse(answer.slice(split + 4)) as unknown };
}

describe('Expect', () => {
  it('an expectation other than 100-continue is 417 with a tppMessages body', async () => {
    const connection = await open();
    connection.socket.write(
      'GET /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: something-else\r\nConnection: close\r\n\r\n',
    );
    const { head, body } = parse(await connection.all());
    expect(head).toMatch(/^HTTP\/1\.1 417 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(body).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'BAD_REQUEST', path: 'Expect' }] });
  });

  it('the Host check comes first', async () => {
    const connection = await open();
    connection.socket.write(
      'GET /_sandbank/clock HTTP/1.1\r\nHost: evil.example\r\nExpect: something-else\r\nConnection: close\r\n\r\n',
    );
    const { head, body } = parse(await connection.all());
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(body).toMatchObject({ tppMessages: [{ code: 'BAD_REQUEST' }] });
  });

  it('100-continue with a declared body over the limit is 413, without 100 Continue', async () => {
    const connection = await open();
    connection.socket.write(
      'POST /v1/sandbox/initialize HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        `content-length: ${2 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
    );
    const answer = await connection.all();
    expect(answer).not.toContain('100 Continue');
    const { head, body } = parse(answer);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(body).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR' }] });
  });

  it('100-continue within the limit gets 100 Continue, then the answer to the body sent after it', async () => {
    const connection = await open();
    const text = JSON.stringify({ set: '2026-03-02T10:00:00Z' });
    connection.socket.write(
      'POST /_sandbank/clock HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        `content-length: ${text.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await connection.until('\r\n\r\n');
    expect(connection.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    connection.socket.write(text);
    const answer = (await connection.all()).slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
    const { head, body } = parse(answer);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(body).toMatchObject({ now: '2026-03-02T10:00:00.000Z' });
  });
});
