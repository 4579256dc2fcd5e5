// Certificates made by createTppIdentity, read by an independent parser (Node's X509Certificate,
// i.e. OpenSSL): subject, issuer signature, validity, extensions.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, createTppIdentity, SANDBOX_TEST_CA_PEM } from '../../src/tpp/index.js';

const validFrom = Date.UTC(2026, 0, 1);
const validTo = Date.UTC(2027, 0, 1);
const identity = await createTppIdentity({
  roles: ['PSP_PI', 'PSP_IC'],
  organisationId: 'PSDNO-FSA-915000010',
  name: 'Fjellbetaling AS',
  country: 'NO',
  ncaName: 'Finanstilsynet',
  ncaId: 'NO-FSA',
  validFrom,
  validTo,
  email: 'psd2@fjellbetaling.example',
});
const x509 = new X509Certificate(Buffer.from(identity.certificate.der));

describe('a certificate from createTppIdentity', () => {
  it('has the subject C, O, organizationIdentifier and CN', () => {
    expect(x509.subject.split('\n')).toEqual([
      'C=NO',
      'O=Fjellbetaling AS',
      'organizationIdentifier=PSDNO-FSA-915000010',
      'CN=Fjellbetaling AS',
    ]);
  });

  it('is signed by the sandbox test CA', () => {
    const ca = new X509Certificate(SANDBOX_TEST_CA_PEM);
    expect(x509.verify(ca.publicKey)).toBe(true);
    expect(x509.checkIssued(ca)).toBe(true);
  });

  it('has the requested validity and a 2048-bit RSA key', () => {
    expect(new Date(x509.validFrom).getTime()).toBe(validFrom);
    expect(new Date(x509.validTo).getTime()).toBe(validTo);
    expect(x509.publicKey.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048 });
    expect(x509.ca).toBe(false);
  });

  it('carries the e-mail as subjectAltName and the roles in its qcStatement', () => {
    expect(x509.subjectAltName).toBe('email:psd2@fjellbetaling.example');
    expect(identity.tpp).toMatchObject({
      roles: ['PSP_PI', 'PSP_IC'],
      email: 'psd2@fjellbetaling.example',
      ncaName: 'Finanstilsynet',
      name: 'Fjellbetaling AS',
    });
  });

  it('has a keyId matching openssl’s serial and issuer', () => {
    const serial = x509.serialNumber.replace(/^00/, '').toUpperCase();
    expect(identity.keyId).toBe(`SN=${serial},CA=CN=Sandbank Test CA,O=Sandbank Sandbox,C=NO`);
  });

  it('can come from another CA', async () => {
    const ca = await createCertificateAuthority({
      commonName: 'Prototype CA',
      organisation: 'Fjellbetaling AS',
    });
    const other = await createTppIdentity({ roles: ['PSP_AI'], issuer: ca });
    expect(other.tpp.issuerDn).toBe('CN=Prototype CA,O=Fjellbetaling AS,C=NO');
    expect(
      new X509Certificate(Buffer.from(other.certificate.der)).checkIssued(
        new X509Certificate(ca.certificatePem),
      ),
    ).toBe(true);
  });
});

describe('the sandbox test CA', () => {
  const ca = new X509Certificate(SANDBOX_TEST_CA_PEM);

  it('is a self-signed CA valid 2024-01-01 to 2049-12-31', () => {
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.subject).toBe('C=NO\nO=Sandbank Sandbox\nCN=Sandbank Test CA');
    expect(new Date(ca.validFrom).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(new Date(ca.validTo).toISOString()).toBe('2049-12-31T23:59:59.000Z');
  });
});
