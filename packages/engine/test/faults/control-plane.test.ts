import { accountList } from '@sandbank/engine';
import { api, START } from '@sandbank/test-support/ais';
import { call, messages } from '@sandbank/test-support/http';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';

function bank(profile: 'sandbox' | 'production' = 'sandbox') {
  const raw = createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION], profile });
  return { raw, sb: signing(raw) };
}

const A_RULE = {
  match: { operation: 'listAccounts' },
  effect: { status: 503, code: 'SYSTEM_ERROR' },
  times: 1,
};

describe('invalid fault rules', () => {
  const cases: Array<[string, unknown, string]> = [
    [
      'an unknown operation',
      { match: { operation: 'listAccount' }, effect: A_RULE.effect },
      'match.operation',
    ],
    ['a code outside part 7', { effect: { status: 503, code: 'SERVICE_UNAVAILABLE' } }, 'effect.code'],
    ['a status the code does not carry', { effect: { status: 418, code: 'SYSTEM_ERROR' } }, 'effect.status'],
    ['a status without a code', { effect: { status: 503 } }, 'effect.code'],
    ['a negative delay', { effect: { delayMs: -1 } }, 'effect.delayMs'],
    ['a network effect other than error', { effect: { network: 'slow' } }, 'effect.network'],
    ['an unknown SCA outcome', { effect: { sca: 'maybe' } }, 'effect.sca'],
    ['an unknown payment status', { effect: { paymentStatus: 'ACSC' } }, 'effect.paymentStatus'],
    [
      'a window that ends before it starts',
      { effect: { maintenance: { from: '2026-03-02T12:00:00Z', until: '2026-03-02T11:00:00Z' } } },
      'effect.maintenance.until',
    ],
    ['a probability above 1', { match: { probability: 1.5 }, effect: A_RULE.effect }, 'match.probability'],
    ['times 0', { effect: A_RULE.effect, times: 0 }, 'times'],
    ['until that is no date', { effect: A_RULE.effect, until: 'tomorrow' }, 'until'],
    ['an unknown match field', { match: { psu: 'x' }, effect: A_RULE.effect }, 'match'],
    [
      'an SCA effect matched by operation',
      { match: { operation: 'listAccounts' }, effect: { sca: 'fail' } },
      'match.operation',
    ],
    ['no effect', { match: {} }, 'effect'],
    [
      'a control-plane operation, which is never faulted',
      { match: { operation: 'listFaults' }, effect: A_RULE.effect },
      'match.operation',
    ],
    [
      'an SCA page’s operation, which is never faulted',
      { match: { operation: 'showAuthorisationPage' }, effect: A_RULE.effect },
      'match.operation',
    ],
    [
      'a Retry-After on a status that carries none',
      { effect: { status: 500, code: 'SYSTEM_ERROR', retryAfterSeconds: 5 } },
      'effect.retryAfterSeconds',
    ],
    [
      'a path on the control plane',
      { match: { path: '/_sandbank/**' }, effect: A_RULE.effect },
      'match.path',
    ],
    [
      'a path outside the base path',
      { match: { path: '/v2/accounts/**' }, effect: A_RULE.effect },
      'match.path',
    ],
  ];
  for (const [what, rule, field] of cases) {
    it(`answers 400 naming ${field} for ${what}, and adds nothing`, async () => {
      const { raw, sb } = bank();
      const answer = await call(sb, 'POST', '/_sandbank/faults', { body: rule });
      expect(answer.status).toBe(400);
      const found = messages(answer).find((m) => m.path === field);
      expect(found, JSON.stringify(messages(answer))).toBeDefined();
      expect(found?.code).toBe('FORMAT_ERROR');
      expect(found?.text).toContain(field);
      expect(raw.getState().faults.rules).toEqual([]);
    });
  }
});

describe('operation names', () => {
  it('accepts exactly the operationIds of the OpenAPI document’s /v1 routes', async () => {
    const { sb } = bank();
    const doc = (await call(sb, 'GET', '/_sandbank/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const idsUnder = (api: boolean) =>
      Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/v1/') === api)
        .flatMap(([, methods]) => Object.values(methods).map((o) => o.operationId));
    expect(idsUnder(true)).toContain('listAccounts');
    expect(idsUnder(true)).toContain('sandboxGetAccount');
    for (const operation of idsUnder(true)) {
      const answer = await call(sb, 'POST', '/_sandbank/faults', {
        body: { match: { operation }, effect: { status: 500, code: 'SYSTEM_ERROR' } },
      });
      expect(answer.status, operation).toBe(201);
    }
    // The control plane and the bank's pages are never faulted: a rule naming them would never fire.
    expect(idsUnder(false)).toContain('submitAuthorisationPage');
    for (const operation of idsUnder(false)) {
      const answer = await call(sb, 'POST', '/_sandbank/faults', {
        body: { match: { operation }, effect: { status: 500, code: 'SYSTEM_ERROR' } },
      });
      expect(answer.status, operation).toBe(400);
      expect(messages(answer)[0]?.text, operation).toContain('never faulted');
    }
  });

  it('tells the mock-data API’s getAccount from the AIS one', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', {
      body: { match: { operation: 'sandboxGetAccount' }, effect: { status: 500, code: 'SYSTEM_ERROR' } },
    });
    const accountId = accountList(sb.getState()).map((a) => a.id)[0] ?? '';
    expect((await api(sb, 'GET', `/v1/sandbox/accounts/${accountId}`)).status).toBe(500);
    expect((await api(sb, 'GET', `/v1/accounts/${accountId}`)).status).not.toBe(500);
  });
});

describe('fault rules live in the state', () => {
  it('are reset by POST /_sandbank/reset and by POST /v1/sandbox/initialize', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    await call(sb, 'POST', '/_sandbank/reset');
    expect(sb.getState().faults.rules).toEqual([]);
    await call(sb, 'POST', '/_sandbank/faults', { body: { effect: { paymentStatus: 'RJCT' } } });
    expect((await api(sb, 'POST', '/v1/sandbox/initialize')).status).toBeLessThan(300);
    expect(sb.getState().faults.rules).toEqual([]);
  });

  it('are exported and imported with the state, counters included', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', { body: { ...A_RULE, times: 2 } });
    await api(sb, 'GET', '/v1/accounts');
    const exported = (await call(sb, 'GET', '/_sandbank/state')).body;
    const other = bank().sb;
    expect((await call(other, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
    expect(other.getState().faults.rules[0]).toMatchObject({ id: 'fault-1', seen: 1, fired: 1, times: 2 });
    expect((await api(other, 'GET', '/v1/accounts')).status).toBe(503);
    expect((await api(other, 'GET', '/v1/accounts')).status).not.toBe(503);
  });

  it('imports a state exported before fault rules existed', async () => {
    const { sb } = bank();
    const { faults: _faults, ...old } = sb.getState();
    expect((await call(sb, 'PUT', '/_sandbank/state', { body: old })).status).toBe(204);
    expect(sb.getState().faults).toEqual({ counter: 0, rules: [], held: [] });
  });

  it('refuses an import whose rule ids the bank would issue again, and keeps the bank as it was', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    const exported = (await call(sb, 'GET', '/_sandbank/state')).body as {
      faults: { counter: number; rules: Array<{ id: string }> };
    };
    const other = bank().sb;
    const before = other.getState();
    const behind = { ...exported, faults: { ...exported.faults, counter: 0 } };
    const refused = await call(other, 'PUT', '/_sandbank/state', { body: behind });
    expect(refused.status).toBe(400);
    expect(messages(refused)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'faults.counter' });
    expect(messages(refused)[0]?.text).toContain('fault-1');
    const twice = {
      ...exported,
      faults: { ...exported.faults, rules: [...exported.faults.rules, ...exported.faults.rules] },
    };
    const duplicate = await call(other, 'PUT', '/_sandbank/state', { body: twice });
    expect(duplicate.status).toBe(400);
    expect(messages(duplicate)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'faults.rules.1.id' });
    expect(other.getState()).toBe(before);
  });

  it('refuses an imported rule that could never fire, as POST would, and keeps the bank as it was', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    const exported = (await call(sb, 'GET', '/_sandbank/state')).body as {
      faults: { rules: Array<Record<string, unknown>> };
    };
    const [first, second] = exported.faults.rules;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ match: { operation: 'listFaults' } }, 'faults.rules.1.match.operation', 'never faulted'],
      [{ match: { operation: 'listAccount' } }, 'faults.rules.1.match.operation', 'not an operationId'],
      [{ match: { path: '/_sandbank/**' } }, 'faults.rules.1.match.path', 'never match'],
      [
        { effect: { status: 500, code: 'SYSTEM_ERROR', retryAfterSeconds: 5 } },
        'faults.rules.1.effect.retryAfterSeconds',
        'Retry-After',
      ],
      [{ effect: { sca: 'fail' } }, 'faults.rules.1.match.operation', 'SCA or payment effect'],
    ];
    const other = bank().sb;
    const before = other.getState();
    for (const [change, path, text] of cases) {
      const body = { ...exported, faults: { ...exported.faults, rules: [first, { ...second, ...change }] } };
      const refused = await call(other, 'PUT', '/_sandbank/state', { body });
      expect(refused.status, path).toBe(400);
      expect(messages(refused)[0], path).toMatchObject({ code: 'FORMAT_ERROR', path });
      expect(messages(refused)[0]?.text).toContain(text);
      expect(other.getState()).toBe(before);
    }
    // A snapshot's rules come back with a restore: they are checked too.
    const { snapshots: _none, ...bankOnly } = exported as typeof exported & { snapshots?: unknown };
    const bad = { ...bankOnly, faults: { ...exported.faults, rules: [{ ...first, ...cases[0]?.[0] }] } };
    const inSnapshot = await call(other, 'PUT', '/_sandbank/state', {
      body: { ...exported, snapshots: { kept: { savedAt: START, state: bad } } },
    });
    expect(messages(inSnapshot)[0]).toMatchObject({
      path: 'snapshots.kept.state.faults.rules.0.match.operation',
    });
    expect(other.getState()).toBe(before);
    expect((await call(other, 'PUT', '/_sandbank/state', { body: exported })).status).toBe(204);
  });

  it('removes one rule by id, and answers 404 for one it does not know', async () => {
    const { sb } = bank();
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    await call(sb, 'POST', '/_sandbank/faults', { body: A_RULE });
    expect((await call(sb, 'DELETE', '/_sandbank/faults/fault-1')).status).toBe(204);
    expect(sb.getState().faults.rules.map((r) => r.id)).toEqual(['fault-2']);
    const unknown = await call(sb, 'DELETE', '/_sandbank/faults/fault-9');
    expect(unknown.status).toBe(404);
    expect(messages(unknown)[0]?.code).toBe('NOT_FOUND');
  });
});

describe('the per-request header X-Sandbank-Fault', () => {
  it('answers the error it names, for this request alone, changing nothing', async () => {
    const { sb } = bank();
    const before = sb.getState();
    const answer = await api(sb, 'GET', '/v1/sandbox/customers', {
      headers: { 'x-sandbank-fault': 'status=429; code=ACCESS_EXCEEDED; text="slow down"; retry-after=5' },
    });
    expect(answer.status).toBe(429);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'ACCESS_EXCEEDED', text: 'slow down' });
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.headers.get('x-sandbank-fault')).toBe('header; 429 ACCESS_EXCEEDED');
    expect(sb.getState()).toBe(before);
    expect((await api(sb, 'GET', '/v1/sandbox/customers')).status).toBe(200);
  });

  it('drops the connection, or applies a scenario’s request effect', async () => {
    const { sb } = bank();
    const dropped = await sb.fetch(
      new Request('https://bank.example/v1/sandbox/customers', {
        headers: { 'x-request-id': 'r-1', 'x-sandbank-fault': 'network=error' },
      }),
    );
    expect(dropped.type).toBe('error');
    const expired = await api(sb, 'GET', '/v1/accounts', {
      headers: { 'x-sandbank-fault': 'scenario=consent-expired' },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.tppMessages[0].code).toBe('CONSENT_EXPIRED');
  });

  it('answers 400 naming the header when it cannot be read', async () => {
    const { sb } = bank();
    const answer = await api(sb, 'GET', '/v1/sandbox/customers', {
      headers: { 'x-sandbank-fault': 'status=503' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'X-Sandbank-Fault' });
  });

  it('answers 400 naming the header for a scenario it does not know, and changes nothing', async () => {
    const { sb } = bank();
    const before = sb.getState();
    const answer = await api(sb, 'GET', '/v1/sandbox/customers', {
      headers: { 'x-sandbank-fault': 'scenario=consent-expird' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages).toEqual([
      expect.objectContaining({ code: 'FORMAT_ERROR', path: 'X-Sandbank-Fault' }),
    ]);
    expect(answer.body.tppMessages[0].text).toContain('consent-expired');
    expect(sb.getState()).toBe(before);
  });

  it('answers 400 for a header that asks for two effects, or has a key it does not know', async () => {
    const { sb } = bank();
    for (const header of [
      'status=503; code=SYSTEM_ERROR; delay=2000',
      'network=error; status=500; code=SYSTEM_ERROR',
      'delay=100; network=error',
      'scenario=slow-bank; status=503; code=SYSTEM_ERROR',
      'status=503; code=SYSTEM_ERROR; retry-aftr=5',
      'status=500; code=SYSTEM_ERROR; retry-after=5',
    ]) {
      const answer = await api(sb, 'GET', '/v1/sandbox/customers', {
        headers: { 'x-sandbank-fault': header },
      });
      expect(answer.status, header).toBe(400);
      expect(answer.body.tppMessages[0], header).toMatchObject({
        code: 'FORMAT_ERROR',
        path: 'X-Sandbank-Fault',
      });
      expect(answer.headers.get('x-sandbank-fault'), header).toBeNull();
    }
  });

  it('answers a scenario’s error with the Retry-After its rule has (daily-limit-reached: to midnight)', async () => {
    const { sb } = bank();
    const answer = await api(sb, 'GET', '/v1/accounts', {
      headers: { 'x-sandbank-fault': 'scenario=daily-limit-reached' },
    });
    expect(answer.status).toBe(429);
    expect(answer.body.tppMessages[0].code).toBe('ACCESS_EXCEEDED');
    // START is 10:00 UTC on the bank clock: midnight is 14 hours away.
    expect(answer.headers.get('retry-after')).toBe(String(14 * 3600));
  });

  it('is ignored in the production profile', async () => {
    const { sb } = bank('production');
    const answer = await api(sb, 'GET', '/v1/accounts', {
      headers: { 'x-sandbank-fault': 'status=503; code=SYSTEM_ERROR' },
    });
    expect(answer.status).not.toBe(503);
    expect(answer.headers.get('x-sandbank-fault')).toBeNull();
  });
});
