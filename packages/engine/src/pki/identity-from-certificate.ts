// Pairs a certificate with its private key into a TppIdentity, checking that they belong together.
import { encodeBase64 } from '../security/base64.js';
import { utf8 } from '../security/bytes.js';
import { readCertificate } from '../security/certificate-cache.js';
import { SecurityError } from '../security/errors.js';
import { formatKeyId } from '../security/key-id.js';
import { type ParsedCertificate, parseCertificate } from '../security/parse-certificate.js';
import { importRsaPublicKey, signRsaSha256, verifyRsaSha256 } from '../security/rsa.js';
import { copyTpp, toVerifiedTpp } from '../security/to-verified-tpp.js';
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
  const tpp = tppOf(parsed);
  const publicKey = await importRsaPublicKey(parsed.spki, subtle);
  const probe = utf8('sandbank key-pair probe');
  if (!(await verifyRsaSha256(publicKey, await signRsaSha256(privateKey, probe, subtle), probe, subtle))) {
    throw new SecurityError(
      'KEY_MISMATCH',
      `the private key does not belong to the certificate ${parsed.subject.text}`,
    );
  }
  return identityOf(parsed, tpp, { privateKey, publicKey });
}

/**
 * The same for a certificate (base64 DER, as the TPP-Signature-Certificate header carries it) and a
 * key pair known to belong together (a preset's stored ones, checked where they are made): no probe
 * signature. Read as the banks read that header, once per process for the kit and the banks alike.
 */
export async function identityFromKeyPair(
  certificate: string,
  keys: CryptoKeyPair,
  subtle: SubtleCrypto,
): Promise<TppIdentity> {
  const read = await readCertificate(certificate, subtle);
  if (read.tpp === null) throw new SecurityError('IDENTITY_INVALID', read.tppProblem ?? 'no TPP');
  // The banks' reading is theirs: the identity gets its own copies, which its holder may change.
  return identityOf({ ...read.certificate }, copyTpp(read.tpp), keys);
}

/** The TPP the certificate names; IDENTITY_INVALID where it names none. */
function tppOf(parsed: ParsedCertificate): TppIdentity['tpp'] {
  const tpp = toVerifiedTpp(parsed);
  if (!tpp.ok) throw new SecurityError('IDENTITY_INVALID', tpp.problem);
  return tpp.tpp;
}

function identityOf(
  parsed: ParsedCertificate,
  tpp: TppIdentity['tpp'],
  { privateKey, publicKey }: CryptoKeyPair,
): TppIdentity {
  return {
    privateKey,
    publicKey,
    certificate: parsed,
    keyId: formatKeyId(parsed.serialHex, parsed.issuer.text),
    tpp,
  };
}
