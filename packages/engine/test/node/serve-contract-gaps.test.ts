import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  accountList,
  cardAccountList,
  type ExportedState,
  paymentById,
  stateFromExport,
} from '@sandbank/engine';
import { api, consent, KARI, OLA } from '@sandbank/test-support/ais';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, State } from '../../src/index.js';

// The issue-15 rules over real HTTP: `sandbank serve --signatures off`, the bank clock set through the
// control plane (the server itself runs on the machine's clock), once with the default x-accept-fix
// defaults and once with `--accept-fix-defaults legacy`.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const NDCT = 'norwegian-domestic-credit-transfers';
const servers: ChildProcess[] = [];

async function serve(...flags: string[]): Promise<string> {
  const server = spawn(...sandbankCommand(['serve', '--port', '0', '--signatures', 'off', ...flags]), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  servers.push(server);
  const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const match = /(http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) return match[1];
  }
  throw new Error('the server printed no URL');
}

/** The test helpers' Sandbox shape, answered by the server over HTTP. */
function overHttp(base: string): Sandbox {
  return {
    fetch(request: Request) {
      const url = new URL(request.url);
      return fetch(new Request(`${base}${url.pathname}${url.search}`, request), { redirect: 'manual' });
    },
  } as unknown as Sandbox;
}

let bank: Sandbox;
let legacy: Sandbox;
let state: State;

async function control(sb: Sandbox, method: string, path: string, body?: unknown) {
  return api(sb, method, path, body === undefined ? {} : { body });
}

function sha256(text: string): string {
  return `SHA-256=${createHash('sha256').update(text).digest('base64')}`;
}

/** A signed-looking payment call: headers of part 4.1 P, Digest over the exact body text. */
async function pay(headers: Record<string, string | undefined>, body: unknown, text = JSON.stringify(body)) {
  const all: Record<string, string> = {
    'x-request-id': 'serve-1',
    'content-type': 'application/json',
    'x-accept-fix': 'amount-as-string',
    'tpp-session-id': 's-1',
    'tpp-redirect-uri': 'https://tpp.example/cb',
    'psu-ip-address': '192.0.2.10',
    'psu-context': 'PRIVATE',
    'x-psu-identity': KARI,
    digest: sha256(text),
  };
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) delete all[name];
    else all[name] = value;
  }
  const response = await bank.fetch(
    new Request(`http://bank.test/v1/payments/${NDCT}?allowLogicalDuplicate=true`, {
      method: 'POST',
      headers: all,
      body: text,
    }),
  );
  return { status: response.status, body: await response.json() };
}

function ndct(amount: string | number = '10.00'): Record<string, unknown> {
  const of = (owner: string) =>
    accountList(state).find((a) => a.customerNumber === owner && a.accountName === 'Brukskonto');
  return {
    instructedAmount: { amount, currency: 'NOK' },
    creditorName: 'Ola Hansen',
    creditorAccount: { bban: of(OLA)?.bban, currency: 'NOK' },
    creditorAddress: { country: 'NO' },
    debtorAccount: { bban: of(KARI)?.bban, currency: 'NOK' },
  };
}

beforeAll(async () => {
  const [a, b] = await Promise.all([serve(), serve('--accept-fix-defaults', 'legacy')]);
  bank = overHttp(a);
  legacy = overHttp(b);
  for (const sb of [bank, legacy]) {
    expect((await control(sb, 'POST', '/_sandbank/clock', { set: '2026-03-02T10:00:00Z' })).status).toBe(200);
  }
  state = stateFromExport((await control(bank, 'GET', '/_sandbank/state')).body as ExportedState);
});

afterAll(async () => {
  for (const server of servers) {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
  }
});

describe('sandbank serve holds the issue-15 rules', () => {
  it('part 9: amounts are strings without x-accept-fix by the bank clock, numbers under --accept-fix-defaults legacy', async () => {
    for (const [sb, type] of [
      [bank, 'string'],
      [legacy, 'number'],
    ] as const) {
      const psu = await consent(
        sb,
        { nationalId: KARI, context: 'PRIVATE', accounts: 'all' },
        'serve-part-9',
      );
      const list = await api(sb, 'GET', '/v1/accounts?withBalance=true', {
        headers: { ...psu.headers, 'x-accept-fix': undefined },
      });
      expect(list.status).toBe(200);
      expect(typeof list.body.accounts[0].balances[0].balanceAmount.amount).toBe(type);
    }
  });

  it('part 4.1: a payment without x-accept-fix is 400 HTTP_HEADER_REQUIRED', async () => {
    const answer = await pay({ 'x-accept-fix': undefined }, ndct());
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'x-accept-fix' });
    expect((await pay({ 'x-accept-fix': '' }, ndct('10.01'))).status).toBe(201);
  });

  it('part 5.2 rule 6: a new TPP-Session-ID with a known PSU-ID gets scaRedirect on GET /v1/accounts', async () => {
    const psu = await consent(bank, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'serve-old');
    const answer = await api(bank, 'GET', '/v1/accounts', {
      headers: { ...psu.headers, 'tpp-session-id': 'serve-new' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body._links.scaRedirect.href).toContain('/_sandbank/sca/');
    expect((await api(bank, 'GET', '/v1/accounts', { headers: psu.headers })).status).toBe(200);
  });

  it('part 1 known issue 1: the status of an unapproved NDCT payment cannot be fetched', async () => {
    const created = await pay({}, ndct('10.02'));
    const status = await api(bank, 'GET', created.body._links.status.href);
    expect(status.status).toBe(403);
  });

  it('part 9 rule 3: POST /v1/consents is gone from 05-Dec-2024, naming its successor', async () => {
    const answer = await api(bank, 'POST', '/v1/consents', {
      headers: { 'tpp-redirect-uri': 'https://tpp.example/cb', 'tpp-session-id': 's-1' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.tppMessages[0].text).toContain('/v1/bank-offered-consents');
    expect(answer.headers.get('link')).toContain('/v1/bank-offered-consents');
  });

  it('part 2.1: "1.5" NOK and the JSON number 10 are 400 FORMAT_ERROR naming the field', async () => {
    for (const amount of ['1.5', 10]) {
      const answer = await pay({}, ndct(amount));
      expect(answer.status).toBe(400);
      expect(answer.body.tppMessages[0]).toMatchObject({
        code: 'FORMAT_ERROR',
        path: 'instructedAmount.amount',
      });
    }
  });

  it('part 2.9: sandbox card transactions list pending ones as their ids', async () => {
    const card = cardAccountList(state).find((c) => c.customerNumber === KARI);
    const path = `/v1/sandbox/card-accounts/${card?.id}/transactions`;
    const created = await api(bank, 'POST', path, {
      body: [
        {
          bookingStatus: 'pending',
          transactionDate: '2026-03-01',
          transactionAmount: { amount: -12.5, currency: 'NOK' },
          merchantCategoryCode: '5411',
        },
      ],
    });
    expect(created.status).toBe(201);
    const listed = await api(bank, 'GET', `${path}?bookingStatus=pending`);
    expect(listed.body.cardTransactions.pending).toEqual([created.body[0].cardTransactionId]);
  });

  it('part 4.1 with signatures off: a Digest that does not match the body is refused', async () => {
    const answer = await pay({ digest: sha256('{}') }, ndct('10.03'));
    expect(answer.status).toBe(400);
    expect(answer.body.tppMessages[0].path).toBe('Digest');
  });

  it('unknown body fields are dropped with a WARNING and not stored', async () => {
    const text = JSON.stringify(ndct('10.04')).replace('{', '{"__proto__":{"x":1},"bonus":true,');
    const answer = await pay({}, null, text);
    expect(answer.status).toBe(201);
    expect(answer.body.tppMessages.map((m: { path: string }) => m.path)).toEqual(['__proto__', 'bonus']);
    const stored = stateFromExport((await control(bank, 'GET', '/_sandbank/state')).body as ExportedState);
    expect(JSON.stringify(paymentById(stored, answer.body.paymentId)?.request)).not.toMatch(
      /bonus|__proto__/,
    );
  });
});
