// Platform facts §3: clients disagree on details; the verifier accepts their variants of one signature.
import { describe, expect, it } from 'vitest';
import { encodeRfc2047 } from '../../src/security/rfc2047.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { rewriteSignature, tamper, vector, vectorNow, vectorRequest, verifyRequest } from './support.js';

const v = vector('GET accounts with Date');
const now = vectorNow(v);

describe('accepted variants', () => {
  it.each(['SHA256withRSA', 'sha256WithRSA', 'RSA-SHA256'])('algorithm %s', async (algorithm) => {
    const request = vectorRequest(v);
    const verdict = await verifyRequest(
      await tamper(request, rewriteSignature(request, 'algorithm', algorithm)),
      { now },
    );
    expect(verdict.ok).toBe(true);
  });

  it.each(['=?utf-8?B?', '=?UTF-8?B?', '=?utf-8?b?'])(
    'an ASCII Signature value wrapped as %s…?=',
    async (prefix) => {
      const request = vectorRequest(v);
      const wrapped = `${prefix}${encodeRfc2047(request.headers.get('signature')!).slice('=?utf-8?B?'.length)}`;
      expect(await verifyRequest(await tamper(request, { Signature: wrapped }), { now })).toMatchObject({
        ok: true,
      });
    },
  );

  it('a header list in mixed case, as in the Berlin Group example', async () => {
    const request = vectorRequest(v);
    const mixed = 'Date X-Request-ID PSU-ID TPP-Redirect-URI';
    expect(
      await verifyRequest(await tamper(request, rewriteSignature(request, 'headers', mixed)), { now }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('spaces around the parameters and the `Signature ` scheme prefix', async () => {
    const request = vectorRequest(v);
    const spaced = `Signature ${request.headers
      .get('signature')!
      .replace(/",/g, '" , ')
      .replace(/([a-zA-Z])="/g, '$1 = "')}`;
    expect(await verifyRequest(await tamper(request, { Signature: spaced }), { now })).toMatchObject({
      ok: true,
    });
  });

  it('a raw RFC 4514 backslash escape inside the quoted keyId', async () => {
    const request = vectorRequest(v);
    const raw = request.headers.get('signature')!.replace('CN=Fixture Test CA', 'CN=Fixture\\ Test\\ CA');
    expect(raw).toContain('Fixture\\ Test');
    expect(await verifyRequest(await tamper(request, { Signature: raw }), { now })).toMatchObject({
      ok: true,
    });
  });

  it('an issuer DN with %20 for spaces (the Berlin Group example form)', async () => {
    const identity = await presetIdentity('both');
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), identity);
    const encoded = signed.headers
      .get('signature')!
      .replace(/CA=([^"]*)"/, (_m, dn: string) => `CA=${dn.replace(/ /g, '%20')}"`);
    expect(encoded).toContain('CA=CN=Sandbank%20Test%20CA');
    expect(await verifyRequest(await tamper(signed, { Signature: encoded }))).toMatchObject({ ok: true });
  });
});
