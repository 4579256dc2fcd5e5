// The gateway reads a request's headers once and the signature check reads them from there: every
// signed header must reach the signing string (part 5.1 rule 6) with the value `Headers.get` gives,
// whatever the header's name, and a listed header that is absent is still refused.
import { FIXED_NOW } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';

const identity = await presetIdentity('both');

function customers(headers: [string, string][]): Request {
  const list = new Headers([['X-Request-ID', 'r-1'], ...headers]);
  return new Request('http://localhost/v1/sandbox/customers', { headers: list });
}

async function statusOf(request: Request): Promise<{ status: number; body: string }> {
  const response = await createSandbox({ now: () => FIXED_NOW }).fetch(request);
  return { status: response.status, body: await response.text() };
}

describe('signed header values through the gateway', () => {
  it('verifies a signed header sent twice, as its values joined', async () => {
    const request = customers([
      ['X-Extra', 'one'],
      ['X-Extra', 'two'],
    ]);
    const signed = await signRequest(request, identity, {
      now: FIXED_NOW,
      headers: ['x-request-id', 'date', 'x-extra'],
    });
    expect((await statusOf(signed)).status).toBe(200);
  });

  it('verifies signed headers named like object properties', async () => {
    const request = customers([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['toString', 'c'],
    ]);
    const signed = await signRequest(request, identity, {
      now: FIXED_NOW,
      headers: ['x-request-id', 'date', '__proto__', 'constructor', 'tostring'],
    });
    expect(await statusOf(signed)).toMatchObject({ status: 200 });
  });

  it('refuses a listed header named like an object property that the request does not carry', async () => {
    const signed = await signRequest(customers([['constructor', 'b']]), identity, {
      now: FIXED_NOW,
      headers: ['x-request-id', 'date', 'constructor'],
    });
    const headers = new Headers(signed.headers);
    headers.delete('constructor');
    const { status, body } = await statusOf(new Request(signed.url, { method: signed.method, headers }));
    expect(status).toBe(400);
    expect(body).toContain('constructor');
  });
});
