import { afterEach, describe, expect, test } from 'vitest';
import { installSandbox } from '../../src/testing/index.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');
let installed: ReturnType<typeof installSandbox> | undefined;

afterEach(() => {
  installed?.uninstall();
  installed = undefined;
});

const customers = () =>
  fetch('http://localhost/v1/sandbox/customers', { headers: { 'x-request-id': crypto.randomUUID() } });

describe('fault rules from installSandbox', () => {
  test('bank.faults.add makes the next call fail once; list, remove and clear work', async () => {
    installed = installSandbox({ now: () => NOW, signatures: 'off', onUnhandledRequest: 'error' });
    const rule = await installed.faults.add({
      match: { operation: 'listCustomers' },
      effect: { status: 503, code: 'SYSTEM_ERROR' },
      times: 1,
    });
    expect((await customers()).status).toBe(503);
    expect((await customers()).status).toBe(200);
    expect((await installed.faults.list()).map((r) => [r.id, r.fired])).toEqual([[rule.id, 1]]);
    await installed.faults.remove(rule.id);
    await installed.faults.add({ effect: { status: 500, code: 'SYSTEM_ERROR' } });
    await installed.faults.clear();
    expect(await installed.faults.list()).toEqual([]);
  });

  test('a dropped connection rejects the fetch with a TypeError, as a network failure does', async () => {
    installed = installSandbox({ now: () => NOW, signatures: 'off', onUnhandledRequest: 'error' });
    await installed.faults.add({ effect: { network: 'error' }, times: 1 });
    await expect(customers()).rejects.toThrow(TypeError);
    expect((await customers()).status).toBe(200);
  });

  test('bank.scenario applies a named scenario, and reset() clears the rules', async () => {
    installed = installSandbox({ now: () => NOW, signatures: 'off', onUnhandledRequest: 'error' });
    await installed.scenario('consent-expired');
    const expired = await fetch('http://localhost/v1/accounts', { headers: { 'x-request-id': 'r-1' } });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe(
      'CONSENT_EXPIRED',
    );
    installed.reset();
    expect(await installed.faults.list()).toEqual([]);
    const after = await fetch('http://localhost/v1/accounts', { headers: { 'x-request-id': 'r-2' } });
    const codes = ((await after.json()) as { tppMessages?: { code: string }[] }).tppMessages?.map(
      (m) => m.code,
    );
    expect(codes).not.toContain('CONSENT_EXPIRED');
  });
});
