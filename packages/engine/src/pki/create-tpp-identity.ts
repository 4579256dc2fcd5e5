// Creates a test TPP: an RSA-2048 key pair (WebCrypto, extractable) and an X.509 v3 certificate with
// subject C/O/organizationIdentifier/CN and the PSD2 qcStatement (ETSI TS 119 495), issued by the
// sandbox test CA unless another issuer is given.
import {
  COMMON_NAME_OID,
  COUNTRY_NAME_OID,
  ORGANIZATION_IDENTIFIER_OID,
  ORGANIZATION_NAME_OID,
} from '../security/oids.js';
import { basicConstraints, emailAltName, keyUsage, qcStatements } from './build-extensions.js';
import { identityFromCertificate } from './identity-from-certificate.js';
import { generateRsaKeyPair, issueCertificate } from './issue-certificate.js';
import { sandboxTestCa } from './sandbox-ca.js';
import { type CreateTppIdentityOptions, DAY_MS, type TppIdentity, toEpochMs } from './tpp-identity.js';

export const DEFAULT_ORGANISATION_ID = 'PSDNO-FSA-933012867';

export async function createTppIdentity(options: CreateTppIdentityOptions): Promise<TppIdentity> {
  return issueTppIdentity(options, await generateRsaKeyPair(options.subtle ?? globalThis.crypto.subtle));
}

/** A TPP identity for a key pair the caller already has (the presets' stored keys). */
export async function issueTppIdentity(
  options: CreateTppIdentityOptions,
  keys: CryptoKeyPair,
): Promise<TppIdentity> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const issuer = options.issuer ?? (await sandboxTestCa(subtle));
  const name = options.name ?? 'Sandbank Test TPP AS';
  const now = Date.now();
  const extensions = [
    basicConstraints(false),
    keyUsage(false),
    qcStatements({
      roles: options.roles,
      ncaName: options.ncaName ?? 'Finanstilsynet',
      ncaId: options.ncaId ?? 'NO-FSA',
    }),
  ];
  if (options.email !== undefined) extensions.push(emailAltName(options.email));
  const der = await issueCertificate(
    {
      subject: [
        [COUNTRY_NAME_OID, options.country ?? 'NO'],
        [ORGANIZATION_NAME_OID, name],
        [ORGANIZATION_IDENTIFIER_OID, options.organisationId ?? DEFAULT_ORGANISATION_ID],
        [COMMON_NAME_OID, name],
      ],
      publicKey: keys.publicKey,
      issuerName: issuer.certificate.x509.subject,
      issuerKey: issuer.privateKey,
      notBefore: toEpochMs(options.validFrom ?? now - DAY_MS),
      notAfter: toEpochMs(options.validTo ?? now + 365 * DAY_MS),
      extensions,
    },
    subtle,
  );
  return identityFromCertificate(der, keys.privateKey, subtle);
}
