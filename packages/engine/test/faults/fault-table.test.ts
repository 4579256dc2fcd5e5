import { START } from '@sandbank/test-support/ais';
import {
  expectTableCoversBank,
  FAULT_CASES,
  type FaultDriver,
  observe,
  runFaultCase,
} from '@sandbank/test-support/fault-cases';
import { CookieJar } from 'tough-cookie';
import { describe, it } from 'vitest';
import { createSandbox } from '../../src/index.js';

// The shared table (packages/test-support/src/fault-cases.ts) in process: the same cases run over `sandbank serve`
// (test/node/serve-fault-table.test.ts) and in the service worker (test/browser/fault-table.test.ts).

const ORIGIN = 'http://localhost';

function inProcess(): FaultDriver {
  const bank = createSandbox({ now: () => START, signatures: 'off', sleep: async () => undefined });
  const jar = new CookieJar();
  let counter = 0;
  const request = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { 'x-request-id': `table-${++counter}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    });
  return {
    redirectUri: 'https://tpp.example/callback',
    addRule: async (rule) => (await bank.faults.add(rule)).id,
    scenario: async (name) => (await bank.scenario(name)).map((r) => r.id),
    clear: () => bank.faults.clear(),
    async control(method, path, body) {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const answer = await observe(await bank.fetch(request(method, path, {}, text)));
      return { status: answer.status, body: answer.body };
    },
    send: async ({ method, path, headers = {}, body }) =>
      observe(await bank.fetch(request(method, path, headers, body))),
    async openSca(href) {
      const cookie = await jar.getCookieString(href);
      const response = await bank.fetch(
        new Request(href, { headers: cookie === '' ? {} : { cookie }, redirect: 'manual' }),
      );
      for (const set of response.headers.getSetCookie()) await jar.setCookie(set, href);
      return { redirect: response.headers.get('location'), html: await response.text() };
    },
  };
}

describe('the fault table in process', () => {
  const driver = inProcess();
  for (const c of FAULT_CASES) it(c.name, () => runFaultCase(driver, c));

  it('covers every effect kind and every scenario the bank lists', () => expectTableCoversBank(driver));
});
