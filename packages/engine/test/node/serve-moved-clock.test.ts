// Over `pnpm serve`, a TPP that signs with another library and its own real clock keeps working after
// the sandbox owner moves the bank clock a day ahead; a date 2 minutes from both clocks is refused
// (docs/security.md, "The date window and a moved bank clock").

import { type Served, startServe } from '@sandbank/test-support/serve';
import httpSignature from 'http-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHttpDate } from '../../src/security/index.js';
import { fixtures, fixtureText } from '../security/support.js';

let lenient: Served;
let strict: Served;

beforeAll(async () => {
  [lenient, strict] = await Promise.all([startServe(), startServe(['--clock-skew', 'bank-only'])]);
  for (const served of [lenient, strict]) {
    const moved = await fetch(`${served.base}/_sandbank/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 1440 }),
    });
    expect(moved.status).toBe(200);
  }
});

afterAll(async () => {
  await Promise.all([lenient?.stop(), strict?.stop()]);
});

/** GET /v1/sandbox/customers signed by Joyent's draft-cavage signer, dated `at`. */
function customers(base: string, at: number): Request {
  const headers = new Map([
    ['date', formatHttpDate(at)],
    ['x-request-id', crypto.randomUUID()],
  ]);
  httpSignature.signRequest(
    {
      method: 'GET',
      path: '/v1/sandbox/customers',
      getHeader: (name) => headers.get(name.toLowerCase()),
      setHeader: (name, value) => headers.set(name.toLowerCase(), value),
    },
    {
      keyId: fixtures.keyId,
      key: fixtureText('tpp-a.key.pem'),
      algorithm: 'rsa-sha256',
      headers: ['date', 'x-request-id'],
      authorizationHeaderName: 'Signature',
    },
  );
  headers.set('tpp-signature-certificate', fixtures.certificateBase64);
  return new Request(`${base}/v1/sandbox/customers`, { headers: Object.fromEntries(headers) });
}

async function bankClock(base: string): Promise<number> {
  const clock = (await (await fetch(`${base}/_sandbank/clock`)).json()) as { now: string };
  return Date.parse(clock.now);
}

describe('pnpm serve after POST /_sandbank/clock {"advanceMinutes": 1440}', () => {
  it('answers 200 to a request signed with the real current time', async () => {
    const response = await fetch(customers(lenient.base, Date.now()));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(4);
  });

  it('answers 400 to a request dated 2 minutes from both the real time and the bank time', async () => {
    const response = await fetch(customers(lenient.base, Date.now() - 120_000));
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      tppMessages: Array<{ code: string; path: string; text: string }>;
    };
    expect(body.tppMessages).toHaveLength(1);
    expect(body.tppMessages[0]).toMatchObject({ code: 'BAD_REQUEST', path: 'Date' });
    expect(body.tppMessages[0]?.text).toMatch(
      /^request signature check failed at step "date": Date is \d+ s off the bank clock \(limit 60 s\): Date says .+ GMT, behind the bank clock at .+ GMT$/,
    );
  });

  it('with --clock-skew bank-only, answers 400 to the real time and 200 to the bank time', async () => {
    expect((await fetch(customers(strict.base, Date.now()))).status).toBe(400);
    expect((await fetch(customers(strict.base, await bankClock(strict.base)))).status).toBe(200);
  });
});
