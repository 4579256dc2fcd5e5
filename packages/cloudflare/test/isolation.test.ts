import { api, consent, KARI } from '@sandbank/test-support/ais';
import {
  exportState,
  FIXED,
  type HostedBank,
  hostedBank,
  problem,
  runtime,
} from '@sandbank/test-support/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../src/local.js';

// Banks on one Worker never see each other: state, clock, ids, sessions, tokens and SCA pages are
// each bank's own.

let rt: LocalRuntime;
let a: HostedBank;
let b: HostedBank;
beforeAll(async () => {
  rt = await runtime();
  a = await hostedBank(rt);
  b = await hostedBank(rt);
});
afterAll(async () => {
  await rt?.stop();
});

function control(bank: HostedBank, path: string, init: RequestInit = {}, token = bank.controlToken) {
  return fetch(`${bank.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
}

describe('two hosted banks on one Worker', () => {
  it('have different ids and seeds, so no resource id of one names anything in the other', async () => {
    expect(a.id).not.toBe(b.id);
    const [stateA, stateB] = await Promise.all([exportState(a), exportState(b)]);
    const accountsA = Object.keys(stateA.accounts as object);
    const accountsB = new Set(Object.keys(stateB.accounts as object));
    expect(accountsA.length).toBeGreaterThan(0);
    expect(accountsA.filter((id) => accountsB.has(id))).toEqual([]);
  });

  it('keep their own clocks', async () => {
    // Through the bank's wrapper, whose signer follows the bank clock.
    const moved = await api(a.sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 90 } });
    expect(moved.status).toBe(200);
    const clockA = (await (await control(a, '/_sandbank/clock')).json()) as { now: string };
    const clockB = (await (await control(b, '/_sandbank/clock')).json()) as { now: string };
    expect(Date.parse(clockA.now)).toBe(Date.parse(FIXED) + 90 * 60_000);
    expect(Date.parse(clockB.now)).toBe(Date.parse(FIXED));
  });

  it('reset one bank without touching the other', async () => {
    const psu = await consent(b.sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const before = await exportState(b);
    expect(Object.keys(before.consents as object).length).toBe(1);
    expect((await api(a.sandbox, 'POST', '/_sandbank/reset', { body: {} })).status).toBe(204);
    expect(await exportState(b)).toEqual(before);
    const listed = await api(b.sandbox, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(listed.status).toBe(200);
  });

  it('export only their own state: a consent made in one is unknown to the other', async () => {
    const psu = await consent(a.sandbox, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const consentsA = Object.keys((await exportState(a)).consents as object);
    const consentsB = Object.keys((await exportState(b)).consents as object);
    expect(consentsA.filter((id) => consentsB.includes(id))).toEqual([]);
    // The PSU's session at bank A means nothing at bank B.
    const elsewhere = await api(b.sandbox, 'GET', '/v1/accounts', { headers: psu.headers });
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.status).toBeLessThan(500);
  });

  it("refuse each other's control tokens", async () => {
    for (const path of ['/_sandbank/state', '/_sandbank/clock', '/_sandbank/storage']) {
      expect(await problem(await control(b, path, {}, a.controlToken))).toEqual({
        status: 403,
        codes: ['FORBIDDEN'],
        contentType: 'application/json; charset=utf-8',
      });
    }
    const reset = await control(b, '/_sandbank/reset', { method: 'POST', body: '{}' }, a.controlToken);
    expect((await problem(reset)).status).toBe(403);
  });

  it("do not serve each other's SCA pages", async () => {
    const created = await api(a.sandbox, 'POST', '/v1/bank-offered-consents', {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 's-9' },
    });
    const href: string = created.body._links.scaRedirect.href;
    expect((await fetch(href)).status).toBe(200);
    const path = new URL(href).pathname.replace(`/t/${a.id}/`, `/t/${b.id}/`);
    const elsewhere = await fetch(`${new URL(b.baseUrl).origin}${path}`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain('not known to the bank');
  });
});
