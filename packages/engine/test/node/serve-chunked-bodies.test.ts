import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { stateWithTransactions } from '@sandbank/test-support/ais';
import { api, newSandbox } from '@sandbank/test-support/payments';
import { NEW_PRIVATE } from '@sandbank/test-support/sandbox-api';
import { describe, expect, it } from 'vitest';
import { servedBank } from './served.js';

// `sandbank serve` hands the engine a body as the chunks it came in (node/guard.ts
// `webRequestWithChunks`), not joined: these bodies arrive in chunks that split characters, and must
// reach the bank byte for byte.

const bank = servedBank();

/** Sends the request with its body in chunks of `size` bytes (chunked transfer coding); the answer's status line and body. */
async function sendInChunks(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Uint8Array,
  size: number,
): Promise<{ status: number; body: string }> {
  const socket = connect(bank.port(), '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  const head = Object.entries({
    ...headers,
    host: `127.0.0.1:${bank.port()}`,
    'transfer-encoding': 'chunked',
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
  for (let at = 0; at < body.length; at += size) {
    const chunk = body.subarray(at, at + size);
    socket.write(`${chunk.length.toString(16)}\r\n`);
    socket.write(chunk);
    socket.write('\r\n');
  }
  socket.end('0\r\n\r\n');
  await closed;
  const answer = Buffer.concat(received).toString('utf8');
  const [statusLine = '', ...rest] = answer.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    body: rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n'),
  };
}

describe('sandbank serve reads a body that arrives in chunks as sent', () => {
  it('imports a large state with characters split across chunks', async () => {
    const { state, accountId } = stateWithTransactions(5_000);
    const exported = (await api(newSandbox({ initialState: state }), 'GET', '/_sandbank/state')).body as {
      transactions: Record<string, Array<Array<Record<string, unknown>>>>;
    };
    const first = exported.transactions[accountId]?.[0]?.[0] as Record<string, unknown>;
    first.creditorName = 'Bakeri – Tromsø € ü';
    const text = JSON.stringify(exported);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const answer = await sendInChunks(
      'PUT',
      '/_sandbank/state',
      { 'content-type': 'application/json' },
      bytes,
      997,
    );
    expect(answer.status).toBe(204);
    const back = (await (
      await fetch(`http://127.0.0.1:${bank.port()}/_sandbank/state`)
    ).json()) as typeof exported;
    expect(back.transactions[accountId]?.[0]?.[0]?.creditorName).toBe('Bakeri – Tromsø € ü');
    expect(back).toEqual(exported);
  });

  it("checks a request's Digest against the bytes of all its chunks", async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({ customerNumber: NEW_PRIVATE, name: 'Nora Berg – Tromsø', type: 'private' }),
    );
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
    const headers = {
      'content-type': 'application/json',
      'x-request-id': '7b1e4a52-1d44-4f0f-9d36-0c5f0a8c1e01',
    };
    // An unsigned request's Digest is still checked (signatures off): right for the whole body, wrong for a part.
    const right = await sendInChunks('POST', '/v1/sandbox/customers', { ...headers, digest }, body, 7);
    expect(right.status).toBe(201);
    const partDigest = `SHA-256=${createHash('sha256').update(body.subarray(7)).digest('base64')}`;
    const wrong = await sendInChunks(
      'POST',
      '/v1/sandbox/customers',
      { ...headers, digest: partDigest },
      body,
      7,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatch(/Digest/);
  });
});
