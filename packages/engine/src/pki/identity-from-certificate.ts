// Pairs a certificate with its private key into a TppIdentity, checking that they belong together.
import { encodeBase64 } from '../security/base64.js';
import { utf8 } from '../security/bytes.js';
import { SecurityError } from '../security/errors.js';
import { formatKeyId } from '../security/key-id.js';
import { parseCertificate } from '../security/parse-certificate.js';
import { importRsaPublicKey, signRsaSha256, verifyRsaSha256 } from '../security/rsa.js';
import { toVerifiedTpp } from '../security/to-verified-tpp.js';
import type { TppIdentity } from './tpp-identity.js';

export async function identityFromCertificate(
  certificate: Uint8Array | string,
  privateKey: CryptoKey,
  subtle: SubtleCrypto,
): Promise<TppIdentity> {
  const parsed = await parseCertificate(
    typeof certificate === 'string' ? certificate : encodeBase64(certificate),
    {
      subtle,
    },
  );
  const tpp = toVerifiedTpp(parsed);
  if (!tpp.ok) throw new SecurityError('IDENTITY_INVALID', tpp.problem);
  const publicKey = await importRsaPublicKey(parsed.spki, subtle);
  const probe = utf8('sandbank key-pair probe');
  if (!(await verifyRsaSha256(publicKey, await signRsaSha256(privateKey, probe, subtle), probe, subtle))) {
    throw new SecurityError(
      'KEY_MISMATCH',
      `the private key does not belong to the certificate ${parsed.subject.text}`,
    );
  }
  return {
    privateKey,
    publicKey,
    certificate: parsed,
    keyId: formatKeyId(parsed.serialHex, parsed.issuer.text),
    tpp: tpp.tpp,
  };
}
