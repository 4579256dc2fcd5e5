import { request as httpRequest } from 'node:http';
import { ERROR_STATUSES } from '@sandbank/engine';
import { admin, type CreatedBank, createBank, problem, runtime } from '@sandbank/test-support/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../src/local.js';

// Whatever arrives, the hosted mode answers with a clear JSON tppMessages error, a code from the
// engine's table (part 7 and the Berlin Group codes) with a status the table allows, and never a 5xx.

let rt: LocalRuntime;
let bank: CreatedBank;
beforeAll(async () => {
  rt = await runtime();
  bank = await createBank(rt);
});
afterAll(async () => {
  await rt?.stop();
});

async function expectClear(answer: Response, status: number, code: string) {
  const found = await problem(answer);
  expect(found).toEqual({ status, codes: [code], contentType: 'application/json; charset=utf-8' });
  const allowed: readonly number[] = ERROR_STATUSES[code as keyof typeof ERROR_STATUSES];
  expect(allowed).toContain(status);
}

function create(body: string, headers: Record<string, string> = {}) {
  return fetch(`${rt.url}/tenants`, { method: 'POST', headers: { ...admin(rt), ...headers }, body });
}

/**
 * POST /tenants whose body starts with `bytes` bytes and never ends: the answer the Worker gives
 * without waiting for the rest (the socket is closed once it has answered).
 */
function sendUnfinished(headers: Record<string, string>, bytes: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${rt.url}/tenants`, { method: 'POST', headers: { ...admin(rt), ...headers } });
    sent.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        sent.destroy();
        resolve(
          new Response(Buffer.concat(chunks), {
            status: response.statusCode ?? 0,
            headers: { 'content-type': String(response.headers['content-type']) },
          }),
        );
      });
    });
    sent.on('error', reject);
    sent.write(' '.repeat(bytes));
  });
}

describe('bad input to the hosted mode', () => {
  it('answers an unknown or malformed bank id with 404 RESOURCE_UNKNOWN', async () => {
    for (const id of ['abcdefghijklmnopqrstuvwxyz', 'not-a-bank', '%00', 'a'.repeat(300)]) {
      await expectClear(await fetch(`${rt.url}/t/${id}/v1/accounts`), 404, 'RESOURCE_UNKNOWN');
    }
    await expectClear(
      await fetch(`${rt.url}/t/abcdefghijklmnopqrstuvwxyz/_sandbank/clock`),
      404,
      'RESOURCE_UNKNOWN',
    );
  });

  it('answers DELETE /tenants/{id} with a malformed or path-like id with 404 RESOURCE_UNKNOWN', async () => {
    // Escapes that are not UTF-8 (a cut-off sequence, a lone continuation byte), an encoded slash, a
    // lone `%`: ids of no bank, as a malformed id below /t/ is, not a failure of the Worker.
    for (const id of ['%E0%A4%A', '%C3', '%80', '%', '%2F', '..%2F..', 'a'.repeat(2000)]) {
      const answer = await fetch(`${rt.url}/tenants/${id}`, { method: 'DELETE', headers: admin(rt) });
      await expectClear(answer, 404, 'RESOURCE_UNKNOWN');
    }
    // The bank of the test is still there.
    const clock = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      headers: { authorization: `Bearer ${bank.controlToken}` },
    });
    expect(clock.status).toBe(200);
  });

  it('answers paths outside the directory and the banks with 404 NOT_FOUND', async () => {
    for (const path of ['/v1/accounts', '/_sandbank/clock', '/t', '/tenants/a/b', '/favicon.ico']) {
      await expectClear(await fetch(`${rt.url}${path}`), 404, 'NOT_FOUND');
    }
  });

  it('challenges a control request without the control token with 401, as sandbank serve does', async () => {
    for (const method of ['GET', 'PUT']) {
      const answer = await fetch(`${bank.baseUrl}/_sandbank/state`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'PUT' ? { body: '{}' } : {}),
      });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="sandbank"');
      await expectClear(answer, 401, 'HTTP_HEADER_REQUIRED');
    }
    // Another scheme is no bearer token either.
    const basic = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      headers: { authorization: 'Basic eDp5' },
    });
    await expectClear(basic, 401, 'HTTP_HEADER_REQUIRED');
  });

  it('refuses the control plane with a wrong token, or with the admin token, with 403', async () => {
    for (const token of ['wrong', rt.adminToken, `${bank.controlToken}x`]) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      const read = await fetch(`${bank.baseUrl}/_sandbank/state`, { headers });
      expect(read.headers.get('www-authenticate')).toContain('error="invalid_token"');
      await expectClear(read, 403, 'FORBIDDEN');
      await expectClear(
        await fetch(`${bank.baseUrl}/_sandbank/state`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('refuses anonymous creation unless the Worker allows it', async () => {
    const answer = await fetch(`${rt.url}/tenants`, { method: 'POST', body: '{}' });
    await expectClear(answer, 401, 'HTTP_HEADER_REQUIRED');
  });

  it('answers malformed creation bodies with FORMAT_ERROR naming the field', async () => {
    await expectClear(await create('{"seed": '), 400, 'FORMAT_ERROR');
    await expectClear(
      await create('seed=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
      'FORMAT_ERROR',
    );
    // curl -d '{…}' sends its JSON as a form: taken all the same.
    const curl = await create('{"seed": "curl"}', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(curl.status).toBe(201);
    await expectClear(await create('[]'), 400, 'FORMAT_ERROR');
    await expectClear(await create('"text"'), 400, 'FORMAT_ERROR');
    // JSON null is a value that is not an object, as [] is; only an empty body means the defaults.
    await expectClear(await create('null'), 400, 'FORMAT_ERROR');
    await expectClear(await create('x'.repeat(70_000)), 413, 'FORMAT_ERROR');
    const cases: Array<[unknown, string]> = [
      [{ profile: 'staging' }, 'body.profile'],
      [{ signatures: 'maybe' }, 'body.signatures'],
      [{ seed: '' }, 'body.seed'],
      [{ seed: 7 }, 'body.seed'],
      [{ basePath: 'v1' }, 'body.basePath'],
      [{ basePath: '/_sandbank/x' }, 'body.basePath'],
      // A URL's dot segments are removed before it reaches the bank: no request could reach these.
      [{ basePath: '/v1/..' }, 'body.basePath'],
      [{ basePath: '/.' }, 'body.basePath'],
      [{ basePath: '/v1/./api' }, 'body.basePath'],
      [{ origins: 'https://a.example' }, 'body.origins'],
      [{ origins: ['https://a.example/path'] }, 'body.origins'],
      [{ fixedTime: 'yesterday' }, 'body.fixedTime'],
      [{ idleMinutes: -1 }, 'body.idleMinutes'],
      [{ tenant: 'x' }, 'body'],
    ];
    for (const [body, path] of cases) {
      const answer = await create(JSON.stringify(body));
      const json = (await answer.clone().json()) as { tppMessages: Array<{ path?: string; text: string }> };
      await expectClear(answer, 400, 'FORMAT_ERROR');
      expect(json.tppMessages[0]?.path).toBe(path);
    }
  });

  it('stops reading a creation body at its limit, counted in bytes, and refuses one that is not UTF-8', async () => {
    // A body declared larger than the limit is refused before it arrives: only its first bytes are sent.
    const declared = await sendUnfinished({ 'content-length': String(100 * 1024 * 1024) }, 16);
    await expectClear(declared, 413, 'FORMAT_ERROR');
    // A chunked body is refused as soon as it passes the limit, though it never ends.
    const chunked = await sendUnfinished({ 'transfer-encoding': 'chunked' }, 80 * 1024);
    await expectClear(chunked, 413, 'FORMAT_ERROR');
    // 30 000 euro signs are 90 000 bytes: over the 64 KiB limit, in fewer characters.
    await expectClear(await create('€'.repeat(30_000)), 413, 'FORMAT_ERROR');
    // part 1: UTF-8 only; a byte that is not is not taken as U+FFFD.
    const notUtf8 = await fetch(`${rt.url}/tenants`, {
      method: 'POST',
      headers: admin(rt),
      body: Buffer.concat([Buffer.from('{"seed": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    });
    await expectClear(notUtf8, 400, 'FORMAT_ERROR');
  });

  it('answers methods the directory does not have with 405 BAD_REQUEST and Allow', async () => {
    const put = await fetch(`${rt.url}/tenants`, { method: 'PUT', headers: admin(rt), body: '{}' });
    expect(put.headers.get('allow')).toBe('GET, POST');
    await expectClear(put, 405, 'BAD_REQUEST');
    await expectClear(
      await fetch(`${rt.url}/tenants/${bank.id}`, { headers: admin(rt) }),
      405,
      'BAD_REQUEST',
    );
    await expectClear(
      await fetch(`${bank.baseUrl}/_sandbank/cors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bank.controlToken}` },
      }),
      405,
      'BAD_REQUEST',
    );
  });

  it('answers a plain GET of the events socket with 400 BAD_REQUEST', async () => {
    const answer = await fetch(`${bank.baseUrl}/_sandbank/events`, {
      headers: { authorization: `Bearer ${bank.controlToken}` },
    });
    await expectClear(answer, 400, 'BAD_REQUEST');
  });

  it('passes malformed API and control bodies to the engine, which answers them as sandbank serve does', async () => {
    const state = await fetch(`${bank.baseUrl}/_sandbank/state`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bank.controlToken}`, 'content-type': 'application/json' },
      body: '{"accounts": 5}',
    });
    expect((await problem(state)).status).toBe(400);
    const clock = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bank.controlToken}`, 'content-type': 'application/json' },
      body: '{"advanceMinutes": "soon"',
    });
    await expectClear(clock, 400, 'FORMAT_ERROR');
    const api = await fetch(`${bank.baseUrl}/v1/payments/norwegian-domestic-credit-transfers`, {
      method: 'POST',
      headers: { 'x-request-id': 'r-1', 'content-type': 'application/json' },
      body: '{',
    });
    expect((await problem(api)).status).toBe(400);
  });
});
