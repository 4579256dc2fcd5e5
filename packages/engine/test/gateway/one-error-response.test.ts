import { FIXED_NOW, ORIGIN } from '@sandbank/test-support/http';
import { describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/index.js';

const now = () => FIXED_NOW;

function post(path: string, body: string, requestId = 'req-1'): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'x-request-id': requestId, 'content-type': 'application/json' },
    body,
  });
}

describe('errors before the reducer', () => {
  it('answer 413 for a body over the limit, echoing X-Request-ID like every other answer', async () => {
    const sandbox = createSandbox({ now, signatures: 'off', maxBodyBytes: 10 });
    const response = await sandbox.fetch(
      post('/v1/sandbox/customers', JSON.stringify({ name: 'x'.repeat(50) })),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR' }] });
  });

  it('answer 404 outside the mount, echoing X-Request-ID', async () => {
    const sandbox = createSandbox({ now, signatures: 'off', publicUrl: '/t/abc' });
    const response = await sandbox.fetch(
      new Request(`${ORIGIN}/v1/accounts`, { headers: { 'x-request-id': 'outside' } }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('outside');
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'NOT_FOUND' }] });
  });

  it('answer bytes that are not UTF-8 with 400 FORMAT_ERROR and the X-Request-ID', async () => {
    const sandbox = createSandbox({ now, signatures: 'off' });
    const response = await sandbox.fetch(
      new Request(`${ORIGIN}/v1/sandbox/customers`, {
        method: 'POST',
        headers: { 'x-request-id': 'bytes', 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toBe('bytes');
  });
});

describe('programmer errors', () => {
  it('are reported to the logger option, not the console', async () => {
    const reported: string[] = [];
    const sandbox = createSandbox({
      now,
      signatures: 'off',
      persist: () => Promise.reject(new Error('disk full')),
      logger: (message) => reported.push(message),
    });
    const response = await sandbox.fetch(post('/v1/sandbox/initialize', '', 'logged'));
    expect(response.status).toBe(500);
    expect(reported).toEqual(['[sandbank] persisting the change failed; it was rolled back']);
  });
});

describe('errors after the reducer', () => {
  it('turn a failing response signature into a 500 SYSTEM_ERROR: fetch never rejects', async () => {
    const broken = new Proxy({} as SubtleCrypto, {
      get: () => () => Promise.reject(new Error('no crypto here')),
    });
    const sandbox = createSandbox({ now, signatures: 'off', signResponses: true, subtle: broken });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await sandbox.fetch(
      new Request(`${ORIGIN}/_sandbank/clock`, { headers: { 'x-request-id': 'sign-me' } }),
    );
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('sign-me');
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ category: 'ERROR', code: 'SYSTEM_ERROR' })],
    });
  });

  it('turn a failed commit into a 500 that echoes X-Request-ID, with the change rolled back', async () => {
    const sandbox = createSandbox({
      now,
      signatures: 'off',
      persist: () => Promise.reject(new Error('disk full')),
    });
    const before = sandbox.getState();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await sandbox.fetch(post('/v1/sandbox/initialize', '', 'store-1'));
    log.mockRestore();
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('store-1');
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'SYSTEM_ERROR' }] });
    expect(sandbox.getState()).toBe(before);
  });
});
