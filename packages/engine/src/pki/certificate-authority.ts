// Test certificate authorities: the sandbox test CA (sandbox-ca.ts) and throwaway ones, e.g. the
// untrusted CA behind presetIdentity('wrong-ca').

import { COMMON_NAME_OID, COUNTRY_NAME_OID, ORGANIZATION_NAME_OID } from '../security/oids.js';
import { type ParsedCertificate, parseCertificate } from '../security/parse-certificate.js';
import { toPem } from '../security/pem.js';
import { basicConstraints, keyUsage } from './build-extensions.js';
import { generateRsaKeyPair, issueCertificate } from './issue-certificate.js';
import { importPrivateKey } from './private-key.js';
import { DAY_MS, toEpochMs } from './validity.js';

export interface CertificateAuthority {
  certificate: ParsedCertificate;
  certificatePem: string;
  privateKey: CryptoKey;
}

export interface CreateCertificateAuthorityOptions {
  commonName?: string;
  organisation?: string;
  country?: string;
  validFrom?: Date | number;
  validTo?: Date | number;
  subtle?: SubtleCrypto;
}

export async function createCertificateAuthority(
  options: CreateCertificateAuthorityOptions = {},
): Promise<CertificateAuthority> {
  return issueCertificateAuthority(
    options,
    await generateRsaKeyPair(options.subtle ?? globalThis.crypto.subtle),
  );
}

/** A self-signed CA for a key pair the caller already has (the 'wrong-ca' preset's stored key). */
export async function issueCertificateAuthority(
  options: CreateCertificateAuthorityOptions,
  keys: CryptoKeyPair,
): Promise<CertificateAuthority> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const now = Date.now();
  const der = await issueCertificate(
    {
      subject: [
        [COUNTRY_NAME_OID, options.country ?? 'NO'],
        [ORGANIZATION_NAME_OID, options.organisation ?? 'Sandbank Sandbox'],
        [COMMON_NAME_OID, options.commonName ?? 'Sandbank Test CA'],
      ],
      publicKey: keys.publicKey,
      issuerName: null,
      issuerKey: keys.privateKey,
      notBefore: toEpochMs(options.validFrom ?? now - DAY_MS),
      notAfter: toEpochMs(options.validTo ?? now + 10 * 365 * DAY_MS),
      extensions: [basicConstraints(true), keyUsage(true)],
    },
    subtle,
  );
  const certificatePem = toPem('CERTIFICATE', der);
  return {
    certificate: await parseCertificate(certificatePem, { subtle }),
    certificatePem,
    privateKey: keys.privateKey,
  };
}

export async function importCertificateAuthority(
  certificatePem: string,
  privateKeyPem: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CertificateAuthority> {
  const certificate = await parseCertificate(certificatePem, { subtle });
  const privateKey = await importPrivateKey({ privateKeyPem }, subtle);
  return { certificate, certificatePem: toPem('CERTIFICATE', certificate.der), privateKey };
}
