import { randomUUID } from 'node:crypto';
import {
  expectTableCoversBank,
  FAULT_CASES,
  type FaultDriver,
  type Observed,
  observe,
  runFaultCase,
} from '@sandbank/test-support/fault-cases';
import { type Served, startServe } from '@sandbank/test-support/serve';
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 19 over real HTTP: every effect and scenario of the shared table (packages/test-support/src/fault-cases.ts)
// against one `sandbank serve --signatures off` for the file. The server runs on the machine's clock;
// each case sets the bank clock through the control plane and reads it back around its request.

let served: Served;

/** A dropped connection as Node's fetch reports it: a TypeError caused by a reset socket. */
function dropped(error: unknown): Observed {
  expect(error).toBeInstanceOf(TypeError);
  expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain((error as { cause?: { code?: string } }).cause?.code);
  return { network: true, status: 0, code: null, text: null, retryAfter: null, fault: null, body: null };
}

function overHttp(): FaultDriver {
  const jar = new CookieJar();
  async function control(method: string, path: string, body?: unknown) {
    const response = await fetch(`${served.base}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const answer = await observe(response);
    return { status: answer.status, body: answer.body };
  }
  async function created(method: string, path: string, body?: unknown) {
    const answer = await control(method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }
  return {
    redirectUri: 'https://tpp.example/callback',
    addRule: async (rule) => ((await created('POST', '/_sandbank/faults', rule)) as { id: string }).id,
    scenario: async (name) =>
      (
        (await created('POST', `/_sandbank/scenarios/${encodeURIComponent(name)}`)) as {
          rules: Array<{ id: string }>;
        }
      ).rules.map((r) => r.id),
    async clear() {
      expect((await control('DELETE', '/_sandbank/faults')).status).toBe(204);
    },
    control,
    send: ({ method, path, headers = {}, body }) =>
      fetch(`${served.base}${path}`, {
        method,
        headers: { 'X-Request-ID': randomUUID(), ...headers },
        redirect: 'manual',
        ...(body === undefined ? {} : { body }),
      }).then(observe, dropped),
    async openSca(href) {
      // The PSU's browser: it keeps the pages' cookies and sends them back.
      const cookie = await jar.getCookieString(href);
      const response = await fetch(href, { headers: cookie === '' ? {} : { cookie }, redirect: 'manual' });
      for (const set of response.headers.getSetCookie()) await jar.setCookie(set, href);
      return { redirect: response.headers.get('location'), html: await response.text() };
    },
  };
}

beforeAll(async () => {
  served = await startServe(['--signatures', 'off']);
});

afterAll(async () => {
  await served?.stop();
});

describe('every fault effect and scenario over sandbank serve', () => {
  const driver = overHttp();
  for (const c of FAULT_CASES) it(c.name, () => runFaultCase(driver, c));

  it('covers every effect kind and every scenario the server lists', () => expectTableCoversBank(driver));
});
