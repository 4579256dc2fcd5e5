// exportTppIdentity / importTppIdentity: a prototype keeps one identity as text (e.g. in localStorage).
import { describe, expect, it } from 'vitest';
import {
  exportTppIdentity,
  importTppIdentity,
  presetIdentity,
  SecurityError,
  signRequest,
} from '../../src/tpp/index.js';
import { fixtureText, verifyRequest } from '../security/support.js';

const identity = await presetIdentity('both');
const exported = await exportTppIdentity(identity);

describe('identity export and import', () => {
  it('exports PEM certificate, PKCS#8 PEM key and a JWK', () => {
    expect(exported.certificatePem).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/,
    );
    expect(exported.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(exported.privateKeyJwk).toMatchObject({ kty: 'RSA', e: 'AQAB' });
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });

  it.each([
    ['PEM', { privateKeyPem: exported.privateKeyPem }],
    ['JWK', { privateKeyJwk: exported.privateKeyJwk }],
  ])('round-trips through the %s key', async (_form, key) => {
    const restored = await importTppIdentity({ certificatePem: exported.certificatePem, ...key });
    expect(restored.keyId).toBe(identity.keyId);
    expect(restored.tpp).toEqual(identity.tpp);
    const signed = await signRequest(new Request('http://localhost/v1/accounts'), restored);
    expect(await verifyRequest(signed)).toMatchObject({
      ok: true,
      tpp: { fingerprint: identity.tpp.fingerprint },
    });
  });

  it('imports an identity made by openssl', async () => {
    const restored = await importTppIdentity({
      certificatePem: fixtureText('tpp-a.cert.pem'),
      privateKeyPem: fixtureText('tpp-a.key.pem'),
    });
    expect(restored.keyId).toBe('SN=E1F2A3B4C5D6E7F8,CA=CN=Fixture Test CA,O=Sandbank Fixtures,C=NO');
  });

  it('refuses a key that does not belong to the certificate', async () => {
    const other = await exportTppIdentity(await presetIdentity('aisp'));
    const attempt = importTppIdentity({
      certificatePem: exported.certificatePem,
      privateKeyPem: other.privateKeyPem,
    });
    await expect(attempt).rejects.toMatchObject({ code: 'KEY_MISMATCH' });
    await expect(attempt).rejects.toBeInstanceOf(SecurityError);
  });

  it('refuses a PKCS#1 key with a hint to convert it', async () => {
    const pkcs1 = '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----';
    await expect(
      importTppIdentity({ certificatePem: exported.certificatePem, privateKeyPem: pkcs1 }),
    ).rejects.toThrow('openssl pkcs8 -topk8 -nocrypt');
  });

  it('refuses input without a key, and a certificate that is not one', async () => {
    await expect(importTppIdentity({ certificatePem: exported.certificatePem })).rejects.toMatchObject({
      code: 'KEY_INVALID',
    });
    await expect(
      importTppIdentity({ certificatePem: 'bm90IGEgY2VydA==', privateKeyPem: exported.privateKeyPem }),
    ).rejects.toMatchObject({ code: 'CERTIFICATE_INVALID' });
  });
});
