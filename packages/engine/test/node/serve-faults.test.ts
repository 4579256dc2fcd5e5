import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { api, consent, KARI, type Psu } from '@sandbank/test-support/ais';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';

// Issue 19 over real HTTP: `sandbank serve --signatures off`, the bank clock set through the control
// plane (the server itself runs on the machine's clock).

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let server: ChildProcess;
let base = '';
let bank: Sandbox;
let psu: Psu;

function overHttp(origin: string): Sandbox {
  return {
    fetch(request: Request) {
      const url = new URL(request.url);
      return fetch(new Request(`${origin}${url.pathname}${url.search}`, request), { redirect: 'manual' });
    },
  } as unknown as Sandbox;
}

async function control(method: string, path: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

beforeAll(async () => {
  server = spawn(...sandbankCommand(['serve', '--port', '0', '--signatures', 'off']), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  for await (const line of createInterface({ input: server.stdout as NodeJS.ReadableStream })) {
    const match = /(http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) {
      base = match[1];
      break;
    }
  }
  bank = overHttp(base);
  await control('POST', '/_sandbank/clock', { set: '2026-03-02T10:00:00Z' });
  psu = await consent(bank, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
});

afterAll(async () => {
  if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
});

describe('fault rules over sandbank serve', () => {
  it('POST /_sandbank/faults (times 1) makes the next GET /v1/accounts 503 SYSTEM_ERROR and the one after 200', async () => {
    const added = await control('POST', '/_sandbank/faults', {
      match: { operation: 'listAccounts' },
      effect: { status: 503, code: 'SYSTEM_ERROR' },
      times: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.any(String),
      match: { operation: 'listAccounts' },
      times: 1,
    });
    const first = await api(bank, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(first.status).toBe(503);
    expect(first.body.tppMessages[0].code).toBe('SYSTEM_ERROR');
    expect(first.headers.get('retry-after')).not.toBeNull();
    const second = await api(bank, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(second.status).toBe(200);
    expect(second.body.accounts.length).toBeGreaterThan(0);
  });

  it('answers a network failure with a reset connection, and the next call as usual', async () => {
    await control('POST', '/_sandbank/faults', {
      match: { operation: 'listAccounts' },
      effect: { network: 'error' },
      times: 1,
    });
    const failure = await fetch(`${base}/v1/accounts`, {
      headers: { ...psu.headers, 'x-request-id': 'net-1' },
    }).then(
      () => null,
      (error: unknown) => error as Error & { cause?: { code?: string } },
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(failure?.cause?.code);
    expect((await api(bank, 'GET', '/v1/accounts', { headers: psu.headers })).status).toBe(200);
  });

  it('answers a maintenance window 503 with Retry-After to its end, lists and clears rules', async () => {
    await control('POST', '/_sandbank/faults', {
      effect: { maintenance: { from: '2026-03-02T09:00:00Z', until: '2026-03-02T12:00:00Z' } },
    });
    const bankNow = async () => Date.parse((await control('GET', '/_sandbank/clock')).body.now);
    const end = Date.parse('2026-03-02T12:00:00Z');
    const before = await bankNow();
    const down = await api(bank, 'GET', '/v1/accounts', { headers: psu.headers });
    const after = await bankNow();
    expect(down.status).toBe(503);
    // The seconds to the end on the bank clock, as the control plane reads it around the request.
    const wait = Number(down.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(Math.ceil((end - after) / 1000));
    expect(wait).toBeLessThanOrEqual(Math.ceil((end - before) / 1000));
    expect((await control('GET', '/_sandbank/faults')).body.rules.length).toBe(3);
    expect((await control('DELETE', '/_sandbank/faults')).status).toBe(204);
    expect((await api(bank, 'GET', '/v1/accounts', { headers: psu.headers })).status).toBe(200);
  });
});
