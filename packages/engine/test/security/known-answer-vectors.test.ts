// Vectors made by the openssl CLI (make-fixtures.sh): signing strings and RSA-SHA256 signatures from an
// independent implementation. PKCS#1 v1.5 is deterministic, so the kit must reproduce them byte for byte.
import { describe, expect, it } from 'vitest';
import { buildSigningString } from '../../src/security/index.js';
import { signRequest } from '../../src/tpp/index.js';
import { fixtureIdentity, fixtures, vectorNow, vectorRequest, verifyRequest } from './support.js';

describe.each(fixtures.vectors)('openssl vector "$name"', (v) => {
  it('builds the same signing string as the vector', () => {
    const request = vectorRequest(v);
    const url = new URL(request.url);
    const signingString = buildSigningString(v.signedHeaders, {
      method: v.method,
      target: `${url.pathname}${url.search}`,
      headers: request.headers,
    });
    expect(signingString).toBe(v.signingString);
  });

  it('verifies the openssl signature', async () => {
    const verdict = await verifyRequest(vectorRequest(v), {
      now: vectorNow(v),
      digestRequired: v.body !== null,
    });
    expect(verdict).toMatchObject({ ok: true, tpp: { organisationId: 'PSDNO-FSA-915000002' } });
  });

  it('is reproduced byte for byte by signRequest with the same key', async () => {
    const identity = await fixtureIdentity();
    const unsigned = vectorRequest(v, { Signature: null, 'TPP-Signature-Certificate': null, Digest: null });
    const dateName = v.signedHeaders.includes('x-date') ? 'x-date' : 'date';
    const signed = await signRequest(unsigned, identity, {
      date: dateName,
      now: vectorNow(v),
      requestTarget: v.signedHeaders[0] === '(request-target)',
    });
    expect(signed.headers.get('signature')).toBe(v.signatureHeader);
    expect(signed.headers.get('tpp-signature-certificate')).toBe(fixtures.certificateBase64);
  });
});

describe('non-ASCII header values', () => {
  const v = fixtures.vectors.find((x) => x.name.startsWith('non-ASCII'))!;

  it('come RFC 2047-wrapped in the vector (part 5.1 rule 8)', () => {
    expect(v.signatureHeader).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?=$/);
  });

  it('verify when the value arrives as UTF-8 bytes read as ISO-8859-1 (as Node reads headers off the wire)', async () => {
    const utf8AsLatin1 = String.fromCharCode(...new TextEncoder().encode('bjørn'));
    expect(utf8AsLatin1).toBe('bjÃ¸rn');
    const verdict = await verifyRequest(vectorRequest(v, { 'PSU-ID': utf8AsLatin1 }), { now: vectorNow(v) });
    expect(verdict.ok).toBe(true);
  });
});
