import { type LocalRuntime, startLocal } from '@sandbank/cloudflare/local';
import type { RequestLogEntry, State } from '@sandbank/engine';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostedConnection, type HostedBank, hostedBankFromQuery } from '../src/bank/hosted.js';

// The playground's connection to a hosted bank (`?bank=<baseUrl>&token=<controlToken>`), against the
// Worker in a local workerd: the state read once and kept current from the bank's events socket, the
// request log included, for requests made by anyone.

let rt: LocalRuntime;
let bank: HostedBank;
const done = new AbortController();
beforeAll(async () => {
  rt = await startLocal({ adminToken: 'playground-test' });
  const created = await fetch(`${rt.url}/tenants`, {
    method: 'POST',
    headers: { authorization: 'Bearer playground-test', 'content-type': 'application/json' },
    body: JSON.stringify({ fixedTime: '2026-03-02T10:00:00Z', signatures: 'off' }),
  });
  bank = (await created.json()) as HostedBank;
});
afterAll(async () => {
  done.abort();
  await rt?.stop();
});

function connect() {
  return createHostedConnection(bank, {
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    signal: done.signal,
  });
}

describe('the playground connection to a hosted bank', () => {
  it('reads the bank named by the page query', () => {
    expect(hostedBankFromQuery(`?bank=${encodeURIComponent(`${bank.baseUrl}/`)}&token=abc`)).toEqual({
      baseUrl: bank.baseUrl,
      controlToken: 'abc',
    });
    expect(hostedBankFromQuery('?bank=in-page')).toBeNull();
  });

  it('shows the bank live: changes and the request log of requests made elsewhere', async () => {
    const connection = connect();
    const states: State[] = [];
    const entries: RequestLogEntry[] = [];
    connection.subscribe((event) => {
      if (event.type === 'commit') states.push(event.commit.state);
      else entries.push(event.entry);
    });
    const first = await connection.getState();
    expect(first.clock.offsetMs).toBe(0);
    // Another client (a teammate's curl) moves the bank clock.
    const moved = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bank.controlToken}`,
        'content-type': 'application/json',
        'x-request-id': 'teammate-1',
      },
      body: JSON.stringify({ advanceMinutes: 30 }),
    });
    expect(moved.status).toBe(200);
    while (!entries.some((e) => e.requestHeaders['x-request-id'] === 'teammate-1')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(states.at(-1)?.clock.offsetMs).toBe(30 * 60_000);
    expect((await connection.getState()).clock.offsetMs).toBe(30 * 60_000);
  });

  it('sends the views’ requests to the bank, with the control token where the control plane needs it', async () => {
    const connection = connect();
    const before = (await connection.getState()).clock.offsetMs;
    const answer = await connection.fetch(
      new Request('http://localhost:5173/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: 60 }),
      }),
    );
    expect(answer.status).toBe(200);
    // Read-your-writes: once answered, the state the views see includes the change.
    expect((await connection.getState()).clock.offsetMs).toBe(before + 60 * 60_000);
    const customers = await connection.fetch(
      new Request('http://localhost:5173/v1/sandbox/customers', { headers: { 'x-request-id': 'r-1' } }),
    );
    expect(customers.status).toBe(200);
  });
});
