// Requests signed by the independent `http-signature` npm package (draft-cavage) verify.
import httpSignature from 'http-signature';
import { describe, expect, it } from 'vitest';
import { createDigestHeader } from '../../src/security/index.js';
import { fixtures, fixtureText, verifyRequest } from './support.js';

/** Signs with http-signature through its http.ClientRequest-like interface, then builds a web Request. */
function signWithHttpSignature(
  method: string,
  path: string,
  headers: Record<string, string>,
  signed: string[],
  algorithm = 'rsa-sha256',
): Request {
  const store = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  httpSignature.signRequest(
    {
      method,
      path,
      getHeader: (name) => store.get(name.toLowerCase()),
      setHeader: (name, value) => store.set(name.toLowerCase(), value),
    },
    {
      keyId: fixtures.keyId,
      key: fixtureText('tpp-a.key.pem'),
      algorithm,
      headers: signed,
      authorizationHeaderName: 'Signature',
    },
  );
  store.set('tpp-signature-certificate', fixtures.certificateBase64);
  return new Request(`http://localhost${path}`, { method, headers: Object.fromEntries(store) });
}

describe('requests signed by the http-signature package', () => {
  const now = Date.parse('Mon, 02 Jun 2025 08:00:00 GMT');
  const date = 'Mon, 02 Jun 2025 08:00:00 GMT';

  it('verify with date, x-request-id and psu-id signed', async () => {
    const request = signWithHttpSignature(
      'GET',
      '/v1/accounts',
      { Date: date, 'X-Request-ID': '5b1f0c3e-4d2a-4b8e-9f1a-0c2d3e4f5a6b', 'PSU-ID': '13039319955' },
      ['date', 'x-request-id', 'psu-id'],
    );
    expect(request.headers.get('signature')).toContain('algorithm="rsa-sha256"');
    const verdict = await verifyRequest(request, { now });
    expect(verdict).toMatchObject({ ok: true, tpp: { roles: ['PSP_AI', 'PSP_PI'] } });
  });

  it('verify with (request-target) and a Digest over a body', async () => {
    const body = '{"instructedAmount":{"currency":"NOK","amount":"1.00"}}';
    const digest = await createDigestHeader(new TextEncoder().encode(body));
    const request = new Request(
      'http://localhost/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=true',
      {
        method: 'POST',
        body,
        headers: signWithHttpSignature(
          'POST',
          '/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=true',
          {
            Date: date,
            Digest: digest,
            'X-Request-ID': 'a1b2c3d4-0000-4000-8000-000000000001',
            'PSU-ID': '1',
          },
          ['(request-target)', 'date', 'digest', 'x-request-id', 'psu-id'],
        ).headers,
      },
    );
    const verdict = await verifyRequest(request, { now, digestRequired: true });
    expect(verdict.ok).toBe(true);
  });

  it('are rejected once a signed header is changed', async () => {
    const request = signWithHttpSignature(
      'GET',
      '/v1/accounts',
      { Date: date, 'X-Request-ID': 'id-1', 'PSU-ID': '13039319955' },
      ['date', 'x-request-id', 'psu-id'],
    );
    const headers = new Headers(request.headers);
    headers.set('PSU-ID', '12085592767');
    const verdict = await verifyRequest(new Request(request.url, { headers }), { now });
    expect(verdict).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});
