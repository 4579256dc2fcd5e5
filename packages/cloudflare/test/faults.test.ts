import { type HostedBank, hostedBank, runtime } from '@sandbank/test-support/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../src/local.js';

// Issue 19 on a hosted bank: its fault rules through its control plane (with the control token).

let rt: LocalRuntime;
let bank: HostedBank;
beforeAll(async () => {
  rt = await runtime();
  bank = await hostedBank(rt, { signatures: 'off' });
});
afterAll(async () => {
  await rt?.stop();
});

function control(path: string, init: RequestInit = {}) {
  return fetch(`${bank.baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${bank.controlToken}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

const customers = () =>
  fetch(`${bank.baseUrl}/v1/sandbox/customers`, { headers: { 'X-Request-ID': crypto.randomUUID() } });

describe('fault rules on a hosted bank', () => {
  it('answers the next call 503 SYSTEM_ERROR once (times 1), then as usual', async () => {
    const added = await control('/_sandbank/faults', {
      method: 'POST',
      body: JSON.stringify({
        match: { operation: 'listCustomers' },
        effect: { status: 503, code: 'SYSTEM_ERROR' },
        times: 1,
      }),
    });
    expect(added.status).toBe(201);
    const first = await customers();
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('60');
    expect((await customers()).status).toBe(200);
  });

  it('answers a network failure 503 SYSTEM_ERROR, since workerd cannot drop the connection', async () => {
    await control('/_sandbank/faults', {
      method: 'POST',
      body: JSON.stringify({ effect: { network: 'error' }, times: 1 }),
    });
    const failed = await customers();
    expect(failed.status).toBe(503);
    expect(failed.headers.get('x-sandbank-fault')).toBe('network error');
    expect(((await failed.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe(
      'SYSTEM_ERROR',
    );
    expect((await customers()).status).toBe(200);
  });
});
