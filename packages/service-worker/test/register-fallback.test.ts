// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type RegisteredSandbox, registerSandbox, type SandbankEvent } from '../src/index.js';

let handle: RegisteredSandbox | undefined;

afterEach(async () => {
  await handle?.unregister();
  handle = undefined;
  vi.restoreAllMocks();
});

describe('registerSandbox without service workers', () => {
  test('answers from an in-page engine and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handle = await registerSandbox();
    expect(handle.mode).toBe('in-page');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no service workers'));
    const response = await fetch('/_sandbank/clock');
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('offsetMs', 0);
  });

  test('reports state changes and requests to subscribers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handle = await registerSandbox();
    const events: SandbankEvent[] = [];
    handle.subscribe((event) => events.push(event));
    await fetch('/_sandbank/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 3 }),
    });
    expect(events.map((event) => event.type)).toEqual(['state-change', 'request']);
  });

  test('leaves other requests alone and restores fetch on unregister', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const original = globalThis.fetch;
    handle = await registerSandbox({ basePath: '/psd2' });
    expect(globalThis.fetch).not.toBe(original);
    await handle.unregister();
    handle = undefined;
    expect(globalThis.fetch).toBe(original);
  });

  test('rejects instead of falling back when fallback is off', async () => {
    await expect(registerSandbox({ fallback: false })).rejects.toThrow('no service workers');
  });
});
