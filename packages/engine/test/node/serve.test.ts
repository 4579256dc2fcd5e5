import { type Served, startServe } from '@sandbank/test-support/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';

let served: Served;
let base = '';

beforeAll(async () => {
  served = await startServe();
  base = served.base;
});

afterAll(async () => {
  await served.stop();
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
