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

  test.each([
    [undefined, 'SVGS'],
    ['legacy', 'Savings'],
  ] as const)(
    'passes acceptFixDefaults %s to the in-page engine (part 9)',
    async (acceptFixDefaults, expected) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      handle = await registerSandbox({
        signatures: 'off',
        ...(acceptFixDefaults === undefined ? {} : { acceptFixDefaults }),
      });
      await fetch('/_sandbank/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ set: '2026-03-02T10:00:00Z' }),
      });
      const state = (await (await fetch('/_sandbank/state')).json()) as {
        accounts: Record<string, { id: string; cashAccountType: string }>;
      };
      const savings = Object.values(state.accounts).find((a) => a.cashAccountType === 'SVGS');
      const response = await fetch(`/v1/sandbox/accounts/${savings?.id}`, {
        headers: { 'X-Request-ID': 'r-1' },
      });
      expect(response.status).toBe(200);
      const [account] = (await response.json()) as Array<{ cashAccountType: string }>;
      expect(account?.cashAccountType).toBe(expected);
    },
  );

  test('rejects instead of falling back when fallback is off', async () => {
    await expect(registerSandbox({ fallback: false })).rejects.toThrow('no service workers');
  });
});
