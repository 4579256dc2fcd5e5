import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
let server: ChildProcess;
let base = '';

beforeAll(async () => {
  // The real `pnpm serve` command, on a free port.
  server = spawn('pnpm', ['serve', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const match = /(http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) {
      base = match[1];
      break;
    }
  }
}, 30_000);

afterAll(async () => {
  if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
});

describe('pnpm serve', () => {
  it('prints its URL on 127.0.0.1 and answers signed requests over real HTTP', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const request = new Request(`${base}/v1/sandbox/initialize`, {
      method: 'POST',
      headers: { 'X-Request-ID': 'r1' },
    });
    const response = await fetch(await signRequest(request, await presetIdentity('both')));
    expect(response.status).toBe(204);
    expect(response.headers.get('x-request-id')).toBe('r1');
  });

  it('refuses an unsigned request, saying how to sign', async () => {
    const response = await fetch(`${base}/v1/sandbox/customers`, { headers: { 'X-Request-ID': 'r0' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { tppMessages: Array<{ code: string; text: string }> };
    expect(body.tppMessages[0]?.code).toBe('HTTP_HEADER_REQUIRED');
    expect(body.tppMessages[0]?.text).toContain('signRequest');
  });

  it('answers errors in tppMessages form', async () => {
    const response = await fetch(`${base}/v1/nothing`, { headers: { 'X-Request-ID': 'r2' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'NOT_FOUND' }] });
  });

  it('passes the body bytes through unchanged (invalid UTF-8 is still seen as such)', async () => {
    const body = new Uint8Array([
      ...new TextEncoder().encode('{"name":"B'),
      0xc3,
      0x28,
      ...new TextEncoder().encode('"}'),
    ]);
    const response = await fetch(`${base}/v1/sandbox/initialize`, {
      method: 'POST',
      headers: { 'X-Request-ID': 'r3', 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'name' }] });
  });

  it('serves the control plane', async () => {
    const response = await fetch(`${base}/_sandbank/clock`);
    expect(await response.json()).toHaveProperty('now');
  });
});
