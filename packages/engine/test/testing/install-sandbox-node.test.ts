import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { installSandbox } from '../../src/testing/index.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');
let installed: ReturnType<typeof installSandbox> | undefined;
let server: Server;
let elsewhere: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end('from the network');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  installed?.uninstall();
  installed = undefined;
  vi.restoreAllMocks();
});

describe('installSandbox in Node', () => {
  test('answers the control plane and the API on any origin', async () => {
    installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'error' });
    const clock = await fetch('http://bank.test/_sandbank/clock');
    expect(await clock.json()).toEqual({ now: '2026-03-02T10:00:00.000Z', offsetMs: 0 });
    const api = await fetch(`${elsewhere}/v1/unknown`, { headers: { 'x-request-id': crypto.randomUUID() } });
    expect(api.status).toBe(404);
  });

  test('resolves relative URLs against http://localhost, or against origin when given', async () => {
    installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'error' });
    expect(new Request('/v1/accounts').url).toBe('http://localhost/v1/accounts');
    expect((await fetch('/_sandbank/clock')).status).toBe(200);
    expect((await fetch(new Request('/_sandbank/clock'))).status).toBe(200);
    installed.uninstall();
    installed = installSandbox({ now: () => NOW, origin: 'http://bank.test:8080' });
    expect(new Request('/v1/accounts').url).toBe('http://bank.test:8080/v1/accounts');
    expect(new Request('https://other.test/x').url).toBe('https://other.test/x');
  });

  test('serves a custom base path', async () => {
    installed = installSandbox({ now: () => NOW, basePath: '/psd2/v1', onUnhandledRequest: 'error' });
    const response = await fetch('http://bank.test/psd2/v1/sandbox/initialize', {
      method: 'POST',
      headers: { 'x-request-id': crypto.randomUUID() },
    });
    expect(response.status).not.toBe(404);
  });

  test('limits answers to the given origin', async () => {
    installed = installSandbox({ now: () => NOW, origin: 'http://bank.test', onUnhandledRequest: 'bypass' });
    const response = await fetch(`${elsewhere}/_sandbank/clock`);
    expect(await response.text()).toBe('from the network');
  });

  test('passes other requests to the original fetch with a warning by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installed = installSandbox({ now: () => NOW });
    const response = await fetch(`${elsewhere}/other`);
    expect(await response.text()).toBe('from the network');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`GET ${elsewhere}/other`));
  });

  test('passes other requests silently with bypass', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'bypass' });
    expect(await (await fetch(`${elsewhere}/other`)).text()).toBe('from the network');
    expect(warn).not.toHaveBeenCalled();
  });

  test('rejects other requests with a message naming them under error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'error' });
    await expect(fetch(`${elsewhere}/other`, { method: 'POST', body: 'x' })).rejects.toThrow(
      `unhandled request: POST ${elsewhere}/other`,
    );
    expect(error).toHaveBeenCalled();
  });

  test('applies concurrent writes in order without losing any', async () => {
    installed = installSandbox({ now: () => NOW, onUnhandledRequest: 'error' });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch('http://bank.test/_sandbank/clock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advanceMinutes: 1 }),
        }),
      ),
    );
    expect(installed.sandbox.getState().clock.offsetMs).toBe(20 * 60_000);
  });
});
