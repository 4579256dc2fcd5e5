import { admin, createBank, problem, runtime } from '@sandbank/test-support/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../src/local.js';

// The bank directory: the admin token, anonymous creation with its per-client limit (the docs-site
// case), listing and deleting, the idle deletion, and CORS for browsers.

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await runtime({
    vars: {
      SANDBANK_ANONYMOUS_CREATE: 'on',
      SANDBANK_ANONYMOUS_PER_HOUR: '2',
      SANDBANK_CORS_ORIGINS: 'https://docs.example',
    },
  });
});
afterAll(async () => {
  await rt?.stop();
});

function anonymous(client: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return fetch(`${rt.url}/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': client, ...headers },
    body: JSON.stringify(body),
  });
}

async function listed(): Promise<string[]> {
  const answer = await fetch(`${rt.url}/tenants`, { headers: admin(rt) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { tenants: Array<{ id: string }> }).tenants.map((t) => t.id);
}

describe('the bank directory', () => {
  it('creates a bank for the admin and answers 201 with its id, base URL and control token', async () => {
    const answer = await fetch(`${rt.url}/tenants`, {
      method: 'POST',
      headers: admin(rt),
      body: JSON.stringify({ seed: 'team', profile: 'production', signatures: 'required' }),
    });
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { id: string; baseUrl: string; controlToken: string };
    expect(body.baseUrl).toBe(`${rt.url}/t/${body.id}`);
    expect(body.controlToken.length).toBeGreaterThanOrEqual(40);
    expect(await listed()).toContain(body.id);
    // The production profile has no mock-data API: the options reached the bank.
    const sandboxApi = await fetch(`${body.baseUrl}/v1/sandbox/customers`, {
      headers: { 'x-request-id': 'r' },
    });
    expect(sandboxApi.status).toBeGreaterThanOrEqual(400);
    expect(sandboxApi.status).toBeLessThan(500);
  });

  it('challenges the directory without the admin token (401), and refuses a wrong one (403)', async () => {
    const list = await fetch(`${rt.url}/tenants`);
    expect(await problem(list)).toMatchObject({ status: 401, codes: ['HTTP_HEADER_REQUIRED'] });
    expect(list.headers.get('www-authenticate')).toBe('Bearer realm="sandbank"');
    const wrong = await fetch(`${rt.url}/tenants`, { headers: { authorization: 'Bearer nope' } });
    expect(await problem(wrong)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
    const created = await createBank(rt);
    const remove = await fetch(`${rt.url}/tenants/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${created.controlToken}` },
    });
    expect(await problem(remove)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
    expect(await listed()).toContain(created.id);
  });

  it('deletes a bank with its storage: its URLs answer 404 afterwards', async () => {
    const created = await createBank(rt);
    const remove = await fetch(`${rt.url}/tenants/${created.id}`, { method: 'DELETE', headers: admin(rt) });
    expect(remove.status).toBe(204);
    expect(await listed()).not.toContain(created.id);
    for (const path of ['/v1/accounts', '/_sandbank/state']) {
      const gone = await fetch(`${created.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${created.controlToken}`, 'x-request-id': 'r' },
      });
      expect(await problem(gone)).toMatchObject({ status: 404, codes: ['RESOURCE_UNKNOWN'] });
    }
    const again = await fetch(`${rt.url}/tenants/${created.id}`, { method: 'DELETE', headers: admin(rt) });
    expect(await problem(again)).toMatchObject({ status: 404, codes: ['RESOURCE_UNKNOWN'] });
  });

  it('lets anyone create a bank when switched on, a limited number per client and hour', async () => {
    const first = await anonymous('198.51.100.1');
    expect(first.status).toBe(201);
    expect((await anonymous('198.51.100.1')).status).toBe(201);
    const third = await anonymous('198.51.100.1');
    expect(await problem(third)).toMatchObject({ status: 429, codes: ['ACCESS_EXCEEDED'] });
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another client has its own allowance; the admin has no limit.
    expect((await anonymous('198.51.100.2')).status).toBe(201);
    expect(
      (await fetch(`${rt.url}/tenants`, { method: 'POST', headers: admin(rt), body: '{}' })).status,
    ).toBe(201);
  });

  it('keeps the admin-only options from anonymous creators', async () => {
    for (const body of [{ fixedTime: '2026-03-02T10:00:00Z' }, { idleMinutes: 1 }]) {
      const answer = await anonymous('198.51.100.3', body);
      expect(await problem(answer)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
    }
  });

  it('gives a browser-created bank its page origin for CORS, and answers the preflights', async () => {
    const preflight = await fetch(`${rt.url}/tenants`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://docs.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    const created = await anonymous('198.51.100.4', {}, { origin: 'https://docs.example' });
    expect(created.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    const bank = (await created.json()) as { baseUrl: string; controlToken: string };
    const bankPreflight = await fetch(`${bank.baseUrl}/v1/accounts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://docs.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-request-id, signature, tpp-signature-certificate',
      },
    });
    expect(bankPreflight.status).toBe(204);
    expect(bankPreflight.headers.get('access-control-allow-headers')).toContain('signature');
    const read = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      headers: { origin: 'https://docs.example', authorization: `Bearer ${bank.controlToken}` },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('https://docs.example');
    expect(read.headers.get('access-control-expose-headers')).toBe('*');
    // Another site may not call it from a browser.
    const foreign = await fetch(`${bank.baseUrl}/v1/accounts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(await problem(foreign)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
  });

  it('allows no opaque, wildcard or malformed creating Origin by default', async () => {
    // A sandboxed iframe or a file:// page sends `Origin: null`: any such document would share it.
    for (const origin of ['null', '*', 'not an origin', 'https://app.example/path']) {
      const answer = await fetch(`${rt.url}/tenants`, {
        method: 'POST',
        headers: admin(rt, { origin }),
        body: JSON.stringify({ fixedTime: '2026-03-02T10:00:00Z' }),
      });
      expect(answer.status).toBe(201);
      const bank = (await answer.json()) as { baseUrl: string; controlToken: string };
      const cors = await fetch(`${bank.baseUrl}/_sandbank/cors`, {
        headers: { authorization: `Bearer ${bank.controlToken}` },
      });
      expect(await cors.json()).toEqual({ origins: [] });
      const preflight = await fetch(`${bank.baseUrl}/v1/accounts`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(await problem(preflight)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
    }
  });

  it('refuses a preflight to the directory from another origin, naming the setting that allows one', async () => {
    const refused = await fetch(`${rt.url}/tenants`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    const body = (await refused.clone().json()) as { tppMessages: Array<{ text: string }> };
    expect(await problem(refused)).toMatchObject({ status: 403, codes: ['FORBIDDEN'] });
    // The directory's origins are the Worker's SANDBANK_CORS_ORIGINS, not a bank's /_sandbank/cors.
    expect(body.tppMessages[0]?.text).toContain('SANDBANK_CORS_ORIGINS');
    expect(body.tppMessages[0]?.text).not.toContain('/_sandbank/cors');
  });

  it('changes a bank’s allowed origins on its control plane', async () => {
    const bank = await createBank(rt, { origins: ['https://app.example'] });
    const put = (body: unknown) =>
      fetch(`${bank.baseUrl}/_sandbank/cors`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${bank.controlToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await problem(await put({ origins: ['not an origin'] }))).toMatchObject({
      status: 400,
      codes: ['FORMAT_ERROR'],
    });
    const changed = await put({ origins: ['http://localhost:5173'] });
    expect(await changed.json()).toEqual({ origins: ['http://localhost:5173'] });
    const allowed = await fetch(`${bank.baseUrl}/v1/accounts`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(allowed.status).toBe(204);
    const dropped = await fetch(`${bank.baseUrl}/v1/accounts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(dropped.status).toBe(403);
  });

  it('deletes a bank nobody called for its idle time, storage and directory entry included', async () => {
    const bank = await createBank(rt, { idleMinutes: 0.002 });
    // Waits for the event (the entry leaves the directory), not for a time; the test's timeout is the ceiling.
    while ((await listed()).includes(bank.id)) await new Promise((resolve) => setTimeout(resolve, 50));
    const gone = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      headers: { authorization: `Bearer ${bank.controlToken}` },
    });
    expect(await problem(gone)).toMatchObject({ status: 404, codes: ['RESOURCE_UNKNOWN'] });
  });
});
