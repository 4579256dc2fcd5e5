// A certificate made by the openssl command line (make-fixtures.sh, qcStatement written with OpenSSL's
// ASN1 generator from openssl.cnf) is read the same way openssl reads it.
import { describe, expect, it } from 'vitest';
import { parseCertificate, toVerifiedTpp } from '../../src/security/index.js';
import { fixtures, fixtureText } from './support.js';

const certificate = await parseCertificate(fixtureText('tpp-a.cert.pem'));
const tpp = toVerifiedTpp(certificate);

describe('the openssl-made TPP certificate', () => {
  it('has the PSD2 roles and NCA of its qcStatement', () => {
    expect(tpp).toMatchObject({
      ok: true,
      tpp: { roles: ['PSP_AI', 'PSP_PI'], ncaName: 'Finanstilsynet', ncaId: 'NO-FSA' },
    });
  });

  it('names the organisation by its organizationIdentifier, CN and C', () => {
    expect(tpp).toMatchObject({
      ok: true,
      tpp: { organisationId: 'PSDNO-FSA-915000002', name: 'Fjordtest AS', country: 'NO' },
    });
  });

  it('formats issuer and subject as openssl -nameopt RFC2253 does', () => {
    expect(certificate.issuer.text).toBe(fixtures.issuer);
    expect(certificate.subject.text).toBe(fixtures.subject);
  });

  it('reports the serial as openssl does, without the DER sign byte', () => {
    expect(certificate.serialHex).toBe(fixtures.serial);
    expect(certificate.serialHex).toBe('E1F2A3B4C5D6E7F8');
  });

  it('has the SHA-256 fingerprint openssl computes', () => {
    expect(certificate.fingerprint).toBe(fixtures.fingerprint);
  });

  it('reads the e-mail from subjectAltName and the validity dates', () => {
    expect(certificate.email).toBe('psd2@fjordtest.example');
    expect(certificate.notBefore).toBe(Date.UTC(2024, 0, 1));
    expect(certificate.notAfter).toBe(Date.UTC(2049, 11, 31, 23, 59, 59));
  });

  it('reads the same from PEM and from base64 DER', async () => {
    const fromBase64 = await parseCertificate(fixtures.certificateBase64);
    expect(fromBase64.fingerprint).toBe(certificate.fingerprint);
  });
});
