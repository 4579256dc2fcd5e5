import { customerList } from '@sandbank/engine';
// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { installSandbox } from '../../src/testing/index.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');
let installed: ReturnType<typeof installSandbox> | undefined;

function install() {
  installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'error' });
  return installed;
}

afterEach(() => {
  installed?.uninstall();
  installed = undefined;
});

describe('installSandbox in jsdom', () => {
  test('answers a relative URL resolved against the page location', async () => {
    install();
    expect(location.origin).toMatch(/^http:/);
    const response = await fetch('/_sandbank/clock');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ now: '2026-03-02T10:00:00.000Z', offsetMs: 0 });
  });

  test('resolves a relative new Request() against the page, as a browser does, until uninstalled', async () => {
    const installed = install();
    const request = new Request('/v1/no-such-thing', { headers: { 'x-request-id': crypto.randomUUID() } });
    expect(request.url).toBe(`${location.origin}/v1/no-such-thing`);
    expect(request).toBeInstanceOf(Request);
    expect((await fetch(request)).status).toBe(404);
    installed.uninstall();
    expect(() => new Request('/v1/no-such-thing')).toThrow();
  });

  test('answers the API base path with the engine (an unknown route is its 404)', async () => {
    install();
    const response = await fetch('/v1/no-such-thing', { headers: { 'x-request-id': crypto.randomUUID() } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { tppMessages: Array<{ code: string }> };
    expect(body.tppMessages[0]?.code).toBe('NOT_FOUND');
  });

  test('accepts a body made of bytes from the test realm', async () => {
    const { sandbox } = install();
    const bytes = new Uint8Array([...JSON.stringify({ advanceMinutes: 30 })].map((c) => c.charCodeAt(0)));
    const response = await fetch('/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    });
    expect(response.status).toBe(200);
    expect(sandbox.getState().clock.offsetMs).toBe(30 * 60_000);
  });

  test('accepts bodies from TextEncoder, ArrayBuffer, Blob and a ReadableStream', async () => {
    const { sandbox } = install();
    const text = JSON.stringify({ advanceMinutes: 1 });
    const bodies: BodyInit[] = [
      new TextEncoder().encode(text),
      new TextEncoder().encode(text).buffer as ArrayBuffer,
      new Blob([text], { type: 'application/json' }),
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      }),
    ];
    for (const body of bodies) {
      const response = await fetch('/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        ...({ duplex: 'half' } as object),
      });
      expect([response.status, await response.text()]).toEqual([200, expect.any(String)]);
    }
    expect(sandbox.getState().clock.offsetMs).toBe(4 * 60_000);
  });

  test('keeps non-ASCII text intact and rejects bytes that are not UTF-8', async () => {
    const { sandbox } = install();
    const exported = await (await fetch('/_sandbank/state')).json();
    const names = customerList(sandbox.getState()).map((c) => c.customerName);
    expect(names.join('')).toMatch(/[æøåÆØÅ]/);
    const put = await fetch('/_sandbank/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: new Blob([JSON.stringify(exported)]),
    });
    expect(put.status).toBe(204);
    expect(customerList(sandbox.getState()).map((c) => c.customerName)).toEqual(names);

    const broken = await fetch('/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    expect(broken.status).toBe(400);
  });

  test('accepts a Request object and honours an aborted signal', async () => {
    install();
    const response = await fetch(new Request(new URL('/_sandbank/clock', location.href)));
    expect(response.status).toBe(200);
    const controller = new AbortController();
    controller.abort();
    await expect(fetch('/_sandbank/clock', { signal: controller.signal })).rejects.toThrow();
  });

  test('response bytes work with WebCrypto', async () => {
    install();
    const body = await (await fetch('/_sandbank/clock')).arrayBuffer();
    const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(body));
    expect(digest.byteLength).toBe(32);
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.privateKey,
      new Uint8Array(body),
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.publicKey,
      signature,
      new Uint8Array(body),
    );
    expect(valid).toBe(true);
  });

  test('provides WebCrypto when the environment has no crypto.subtle', async () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true, writable: true });
    try {
      install();
      const digest = await crypto.subtle.digest('SHA-256', new Uint8Array([1, 2, 3]));
      expect(digest.byteLength).toBe(32);
    } finally {
      if (saved !== undefined) Object.defineProperty(globalThis, 'crypto', saved);
    }
  });

  test('reset gives a freshly seeded engine and uninstall restores fetch', async () => {
    const original = globalThis.fetch;
    const handle = install();
    const first = handle.sandbox;
    await fetch('/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 10 }),
    });
    expect(handle.sandbox.getState().clock.offsetMs).toBe(600_000);
    handle.reset();
    expect(handle.sandbox).not.toBe(first);
    expect(handle.sandbox.getState().clock.offsetMs).toBe(0);
    expect(await (await fetch('/_sandbank/clock')).json()).toMatchObject({ offsetMs: 0 });
    handle.uninstall();
    expect(globalThis.fetch).toBe(original);
  });
});
