import { authorisationList } from '@sandbank/engine';
import { api, consent, KARI, START } from '@sandbank/test-support/ais';
import { call } from '@sandbank/test-support/http';
import { signing, TEST_TPP, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox, type State } from '../../src/index.js';

function bank(options: Parameters<typeof createSandbox>[0] = {}) {
  const raw = createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION], ...options });
  return { raw, sb: signing(raw) };
}

async function addRule(sb: ReturnType<typeof bank>['sb'], rule: unknown) {
  return call(sb, 'POST', '/_sandbank/faults', { body: rule });
}

/** The state without the fault rules' own slice: what an injected fault must leave alone. */
function withoutFaults(state: State): Omit<State, 'faults'> {
  const { faults: _faults, ...rest } = state;
  return rest;
}

describe('fault rules that answer an error', () => {
  it('answers the next GET /v1/accounts 503 SYSTEM_ERROR once, then as usual (times: 1)', async () => {
    const { sb } = bank();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const added = await addRule(sb, {
      match: { operation: 'listAccounts' },
      effect: { status: 503, code: 'SYSTEM_ERROR' },
      times: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: 'fault-1', times: 1, match: { operation: 'listAccounts' } });

    const faulted = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(faulted.status).toBe(503);
    expect(faulted.body.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'SYSTEM_ERROR' });
    expect(faulted.headers.get('retry-after')).toBe('60');
    expect(faulted.headers.get('x-sandbank-fault')).toBe('fault-1; 503 SYSTEM_ERROR');

    const next = await api(sb, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-sandbank-fault')).toBeNull();
    const listed = await call(sb, 'GET', '/_sandbank/faults');
    expect((listed.body as { rules: unknown[] }).rules).toEqual([
      expect.objectContaining({ id: 'fault-1', seen: 1, fired: 1 }),
    ]);
  });

  it('changes nothing but the rule’s counter: the state is as before the failed request', async () => {
    const { raw, sb } = bank();
    await addRule(sb, {
      match: { operation: 'createConsent' },
      effect: { status: 429, code: 'ACCESS_EXCEEDED' },
    });
    const before = raw.getState();
    const failed = await api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 's-1' },
    });
    expect(failed.status).toBe(429);
    expect(failed.body.tppMessages[0].code).toBe('ACCESS_EXCEEDED');
    const after = raw.getState();
    expect(withoutFaults(after)).toEqual(withoutFaults(before));
    expect(after.faults.rules[0]).toMatchObject({ seen: 1, fired: 1 });
  });

  it('names its code and text, and says which rule answered', async () => {
    const { sb } = bank();
    await addRule(sb, {
      match: { method: 'GET', path: '/v1/accounts/**' },
      effect: { status: 401, code: 'CONSENT_EXPIRED', text: 'the consent expired yesterday' },
    });
    const answer = await api(sb, 'GET', '/v1/accounts/some-id/balances');
    expect(answer.status).toBe(401);
    expect(answer.body.tppMessages).toEqual([
      { category: 'ERROR', code: 'CONSENT_EXPIRED', text: 'the consent expired yesterday' },
    ]);
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('matches by PSU-ID, TPP and payment product, and leaves other requests alone', async () => {
    const { sb } = bank();
    await addRule(sb, { match: { psuId: 'PSU-A' }, effect: { status: 500, code: 'SYSTEM_ERROR' } });
    await addRule(sb, {
      match: { paymentProduct: 'instant-norwegian-domestic-credit-transfers-straks' },
      effect: { status: 403, code: 'PRODUCT_INVALID' },
    });
    await addRule(sb, { match: { tpp: 'PSDNO-FSA-000000000' }, effect: { status: 403, code: 'FORBIDDEN' } });
    expect((await api(sb, 'GET', '/v1/accounts', { headers: { 'psu-id': 'PSU-A' } })).status).toBe(500);
    expect((await api(sb, 'GET', '/v1/accounts', { headers: { 'psu-id': 'PSU-B' } })).status).not.toBe(500);
    const instant = await api(sb, 'GET', '/v1/payments/instant-norwegian-domestic-credit-transfers-straks/x');
    expect(instant.body.tppMessages[0].code).toBe('PRODUCT_INVALID');
    const other = await api(sb, 'GET', '/v1/payments/norwegian-domestic-credit-transfers/x');
    expect(other.headers.get('x-sandbank-fault')).toBeNull();
    // The signing TPP is TEST_TPP, not the one the rule names.
    expect((await call(sb, 'GET', '/_sandbank/faults')).body).toMatchObject({
      rules: [{ fired: 1 }, { fired: 1 }, { fired: 0 }],
    });
    await addRule(sb, { match: { tpp: TEST_TPP }, effect: { status: 403, code: 'FORBIDDEN' } });
    expect((await api(sb, 'GET', '/v1/accounts')).status).toBe(403);
  });

  it('fires on every Nth matching request', async () => {
    const { sb } = bank();
    await addRule(sb, {
      match: { operation: 'listAccounts', everyNth: 3 },
      effect: { status: 500, code: 'SYSTEM_ERROR' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(sb, 'GET', '/v1/accounts')).status);
    expect(statuses.map((s) => s === 500)).toEqual([false, false, true, false, false, true]);
  });

  it('draws "with probability p" from the seed: the same seed fires on the same requests', async () => {
    const run = async (seed: string) => {
      const { sb } = bank({ seed });
      await addRule(sb, { match: { probability: 0.5 }, effect: { status: 500, code: 'SYSTEM_ERROR' } });
      const fired: boolean[] = [];
      for (let i = 0; i < 24; i++) fired.push((await api(sb, 'GET', '/v1/accounts')).status === 500);
      return fired;
    };
    const first = await run('seed-a');
    expect(await run('seed-a')).toEqual(first);
    expect(first.filter(Boolean).length).toBeGreaterThan(3);
    expect(first.filter(Boolean).length).toBeLessThan(21);
    expect(await run('seed-b')).not.toEqual(first);
  });

  it('ends at its `until` on the bank clock', async () => {
    const { sb } = bank();
    await addRule(sb, {
      effect: { status: 503, code: 'SYSTEM_ERROR' },
      until: new Date(START + 30 * 60_000).toISOString(),
    });
    const during = await api(sb, 'GET', '/v1/accounts');
    expect(during.status).toBe(503);
    // Retry-After points to the rule's end.
    expect(during.headers.get('retry-after')).toBe(String(30 * 60));
    await call(sb, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 30 } });
    expect((await api(sb, 'GET', '/v1/accounts')).status).not.toBe(503);
  });

  it('never touches the control plane or the bank’s pages', async () => {
    const { sb } = bank();
    await addRule(sb, { effect: { status: 503, code: 'SYSTEM_ERROR' } });
    expect((await call(sb, 'GET', '/_sandbank/clock')).status).toBe(200);
    expect((await call(sb, 'GET', '/_sandbank/faults')).status).toBe(200);
  });
});

describe('a maintenance window on the bank clock', () => {
  it('answers every /v1 call 503 with Retry-After pointing to its end, and lets calls through after it', async () => {
    const { sb } = bank();
    const until = new Date(START + 2 * 3600_000).toISOString();
    await addRule(sb, { effect: { maintenance: { from: new Date(START - 60_000).toISOString(), until } } });
    for (const [method, path] of [
      ['GET', '/v1/accounts'],
      ['POST', '/v1/bank-offered-consents'],
      ['GET', '/v1/sandbox/customers'],
    ] as const) {
      const answer = await api(sb, method, path);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(2 * 3600));
      expect(answer.body.tppMessages[0].code).toBe('SYSTEM_ERROR');
      expect(answer.body.tppMessages[0].text).toContain(until);
    }
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: until } });
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
  });

  it('names the window’s exact end, when the bank clock is between two seconds', async () => {
    const { sb } = bank({ now: () => START + 250 });
    const until = '2026-03-02T12:00:00.000Z';
    await addRule(sb, { effect: { maintenance: { until } } });
    const answer = await api(sb, 'GET', '/v1/sandbox/customers');
    expect(answer.status).toBe(503);
    expect(answer.body.tppMessages[0].text).toBe(
      `the bank is closed for maintenance until ${until}; try again then`,
    );
    // Retry-After rounds the wait up to whole seconds: never before the end.
    expect(answer.headers.get('retry-after')).toBe(String(2 * 3600));
  });

  it('recurs every day, over midnight too', async () => {
    const { sb } = bank();
    await addRule(sb, { effect: { maintenance: { daily: { from: '23:30', until: '00:15' } } } });
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-02T23:45:00Z' } });
    const evening = await api(sb, 'GET', '/v1/sandbox/customers');
    expect(evening.status).toBe(503);
    expect(evening.headers.get('retry-after')).toBe(String(30 * 60));
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-03T00:05:00Z' } });
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).headers.get('retry-after')).toBe('600');
    await call(sb, 'POST', '/_sandbank/clock', { body: { set: '2026-03-03T00:15:00Z' } });
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
  });

  it('refuses a daily window that starts where it ends (it would never apply)', async () => {
    const { sb } = bank();
    const refused = await call(sb, 'POST', '/_sandbank/faults', {
      body: { effect: { maintenance: { daily: { from: '10:00', until: '10:00' } } } },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { tppMessages: unknown[] }).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'effect.maintenance.daily.until',
    });
    const listed = await call(sb, 'GET', '/_sandbank/faults');
    expect((listed.body as { rules: unknown[] }).rules).toEqual([]);
  });
});

describe('a network failure', () => {
  it('answers Response.error() in process, and is marked in the request log', async () => {
    const { raw, sb } = bank();
    const logged: Array<{ status: number; header: string | undefined }> = [];
    raw.subscribe((event) => {
      if (event.type === 'request') {
        logged.push({ status: event.entry.status, header: event.entry.responseHeaders['x-sandbank-fault'] });
      }
    });
    await raw.faults.add({ match: { operation: 'listAccounts' }, effect: { network: 'error' }, times: 1 });
    const dropped = await sb.fetch(
      new Request('https://bank.example/v1/accounts', { headers: { 'x-request-id': 'r-1' } }),
    );
    expect(dropped.type).toBe('error');
    expect(logged.at(-1)).toEqual({ status: 0, header: 'fault-1; network error' });
  });
});

describe('a delay', () => {
  it('waits outside the queue: a later request is answered first, and the delayed one applies once', async () => {
    const waits: Array<{ ms: number; release: () => void }> = [];
    const { raw, sb } = bank({
      sleep: (ms) => new Promise<void>((release) => waits.push({ ms, release })),
    });
    await raw.faults.add({ match: { operation: 'createConsent' }, effect: { delayMs: 2000 }, times: 1 });
    const slow = api(sb, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 's-1' },
    });
    // The other request is answered while the first one waits.
    const quick = await api(sb, 'GET', '/v1/sandbox/customers');
    expect(quick.status).toBe(200);
    await expect.poll(() => waits.length).toBe(1);
    expect(waits[0]?.ms).toBe(2000);
    expect(authorisationList(raw.getState())).toHaveLength(0);
    waits[0]?.release();
    const answer = await slow;
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-sandbank-fault')).toBe('fault-1; delay 2000 ms');
    expect(authorisationList(raw.getState())).toHaveLength(1);
  });

  it('draws a delay in a range from the seed', async () => {
    const seen: number[] = [];
    const { raw, sb } = bank({
      sleep: async (ms) => {
        seen.push(ms);
      },
    });
    await raw.faults.add({ effect: { delayMs: { min: 100, max: 500 } } });
    for (let i = 0; i < 5; i++) await api(sb, 'GET', '/v1/sandbox/customers');
    expect(seen).toHaveLength(5);
    for (const ms of seen) expect(ms >= 100 && ms <= 500).toBe(true);
    expect(new Set(seen).size).toBeGreaterThan(1);
  });
});

describe('the test API', () => {
  it('adds, lists, removes and clears rules', async () => {
    const { raw } = bank();
    const one = await raw.faults.add({ effect: { status: 500, code: 'SYSTEM_ERROR' } });
    const two = await raw.faults.add({ effect: { network: 'error' }, times: 2 });
    expect((await raw.faults.list()).map((r) => r.id)).toEqual([one.id, two.id]);
    await raw.faults.remove(one.id);
    expect((await raw.faults.list()).map((r) => r.id)).toEqual([two.id]);
    await raw.faults.clear();
    expect(await raw.faults.list()).toEqual([]);
    await expect(raw.faults.add({ effect: { status: 418, code: 'SYSTEM_ERROR' } })).rejects.toThrow(
      /effect\.status/,
    );
  });

  it('works below a mount prefix', async () => {
    const raw = createSandbox({ now: () => START, publicUrl: 'https://host.example/t/abc' });
    await raw.faults.add({ effect: { status: 500, code: 'SYSTEM_ERROR' } });
    expect(await raw.faults.list()).toHaveLength(1);
  });
});
