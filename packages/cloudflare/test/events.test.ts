import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CreatedBank, createBank, problem, runtime } from '@sandbank/test-support/hosted';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedEvent } from '../src/events.js';
import type { LocalRuntime } from '../src/local.js';

// `{baseUrl}/_sandbank/events`: a WebSocket (the hibernation API) carrying the bank's committed
// changes with their log number and its request log, as the service worker broadcasts them.

let rt: LocalRuntime;
let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sandbank-events-'));
  rt = await runtime({ persist: folder });
});
afterAll(async () => {
  await rt?.stop();
  rmSync(folder, { recursive: true, force: true });
});

interface Listener {
  events: HostedEvent[];
  /** Resolves with the first event (already received or to come) that matches. */
  next(match: (event: HostedEvent) => boolean): Promise<HostedEvent>;
  close(): void;
}

function listen(bank: CreatedBank, token = bank.controlToken): Promise<Listener> {
  const socket = new WebSocket(`${bank.baseUrl.replace(/^http/, 'ws')}/_sandbank/events?token=${token}`);
  const events: HostedEvent[] = [];
  const waiters: Array<{ match: (event: HostedEvent) => boolean; resolve: (event: HostedEvent) => void }> =
    [];
  socket.addEventListener('message', (message) => {
    const event = JSON.parse(String(message.data)) as HostedEvent;
    events.push(event);
    for (const waiter of waiters.filter((w) => w.match(event))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () =>
      resolve({
        events,
        next: (match) =>
          new Promise((found) => {
            const seen = events.find(match);
            if (seen !== undefined) found(seen);
            else waiters.push({ match, resolve: found });
          }),
        close: () => socket.close(),
      }),
    );
    socket.addEventListener('error', () => reject(new Error('the events socket was refused')));
  });
}

function advance(bank: CreatedBank, minutes: number, requestId: string) {
  return fetch(`${bank.baseUrl}/_sandbank/clock`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bank.controlToken}`,
      'content-type': 'application/json',
      'x-request-id': requestId,
    },
    body: JSON.stringify({ advanceMinutes: minutes }),
  });
}

interface Handshake {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer as a fetch Response, for `problem` (none for a 101). */
  answer: Response;
}

/** An opening handshake as sent (fetch refuses to send Upgrade): the answer, or 101 when accepted. */
function handshake(bank: CreatedBank, method: string, headers: Record<string, string>): Promise<Handshake> {
  const url = new URL(`${bank.baseUrl}/_sandbank/events?token=${bank.controlToken}`);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, {
      method,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-version': '13',
        ...headers,
      },
    });
    sent.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, answer: new Response(null) });
    });
    sent.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'];
        resolve({
          status,
          headers: response.headers,
          answer: new Response(Buffer.concat(chunks), {
            status,
            headers: contentType === undefined ? {} : { 'content-type': contentType },
          }),
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the events socket of a hosted bank', () => {
  it('answers a handshake it cannot accept with a tppMessages error, never a failure of workerd', async () => {
    const bank = await createBank(rt);
    // A WebSocket opens with GET only (RFC 6455 section 4.1): another method is 405 with Allow.
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const refused = await handshake(bank, method, {});
      expect(refused.headers.allow).toBe('GET');
      expect(await problem(refused.answer)).toEqual({
        status: 405,
        codes: ['BAD_REQUEST'],
        contentType: 'application/json; charset=utf-8',
      });
    }
    // A version other than 13 is 400 naming the one spoken (section 4.4).
    const version = await handshake(bank, 'GET', { 'sec-websocket-version': '8' });
    expect(version.headers['sec-websocket-version']).toBe('13');
    expect(await problem(version.answer)).toEqual({
      status: 400,
      codes: ['BAD_REQUEST'],
      contentType: 'application/json; charset=utf-8',
    });
    // The bank still opens a well-formed one.
    expect((await handshake(bank, 'GET', {})).status).toBe(101);
  });

  it('sends each committed change with its log number, then the request-log entry', async () => {
    const bank = await createBank(rt);
    const listener = await listen(bank);
    expect((await advance(bank, 5, 'ev-1')).status).toBe(200);
    expect((await advance(bank, 5, 'ev-2')).status).toBe(200);
    const second = await listener.next(
      (e) => e.type === 'request' && e.entry.requestHeaders['x-request-id'] === 'ev-2',
    );
    const changes = listener.events.filter((e) => e.type === 'state-change');
    expect(changes.map((e) => e.seq)).toEqual([1, 2]);
    expect(JSON.stringify(changes[0])).toContain('offsetMs');
    // A request's change comes before its log entry.
    const order = listener.events.map((e) => e.type);
    expect(order.indexOf('state-change')).toBeLessThan(order.indexOf('request'));
    if (second.type !== 'request') throw new Error('not a request entry');
    expect(second.entry).toMatchObject({ method: 'POST', status: 200, operation: 'changeClock' });
    // The control token is never sent on the socket.
    expect(second.entry.requestHeaders.authorization).toBe('[not sent]');
    listener.close();
  });

  it('keeps numbering changes after every object was evicted, and serves sockets opened after', async () => {
    const bank = await createBank(rt);
    expect((await advance(bank, 1, 'before')).status).toBe(200);
    await rt.restart();
    const moved = { ...bank, baseUrl: `${rt.url}/t/${bank.id}` };
    const listener = await listen(moved);
    expect((await advance(moved, 1, 'after')).status).toBe(200);
    const change = await listener.next((e) => e.type === 'state-change');
    expect(change).toMatchObject({ type: 'state-change', seq: 2 });
    listener.close();
  });

  it('refuses a socket without the bank’s control token', async () => {
    const bank = await createBank(rt);
    const other = await createBank(rt);
    await expect(listen(bank, 'wrong')).rejects.toThrow('refused');
    await expect(listen(bank, other.controlToken)).rejects.toThrow('refused');
  });
});
