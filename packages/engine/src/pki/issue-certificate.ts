// Builds and signs an X.509 v3 certificate (RFC 5280 §4.1) with pkijs and WebCrypto.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { asBufferSource } from '../security/bytes.js';
import { RSA_SHA256 } from '../security/rsa.js';
import { buildName, type NameAttribute } from './build-name.js';

export interface CertificateRequest {
  subject: readonly NameAttribute[];
  publicKey: CryptoKey;
  /** The issuer's Name; null for a self-signed certificate. */
  issuerName: pkijs.RelativeDistinguishedNames | null;
  issuerKey: CryptoKey;
  notBefore: number;
  notAfter: number;
  extensions: pkijs.Extension[];
}

const SHA256_WITH_RSA_OID = '1.2.840.113549.1.1.11';

/** Returns the DER. The serial is 16 random bytes, positive and without a leading zero (§4.1.2.2). */
export async function issueCertificate(
  request: CertificateRequest,
  subtle: SubtleCrypto,
): Promise<Uint8Array> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = globalThis.crypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial.buffer });
  const subject = buildName(request.subject);
  certificate.subject = subject;
  certificate.issuer = request.issuerName ?? subject;
  certificate.notBefore = time(request.notBefore);
  certificate.notAfter = time(request.notAfter);
  certificate.extensions = request.extensions;
  const spki = new Uint8Array(await subtle.exportKey('spki', request.publicKey));
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spki);
  // sha256WithRSAEncryption with NULL parameters (RFC 4055 §5), signed over the DER of the TBS.
  const algorithm = new pkijs.AlgorithmIdentifier({
    algorithmId: SHA256_WITH_RSA_OID,
    algorithmParams: new asn1js.Null(),
  });
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
  const signature = await subtle.sign(RSA_SHA256, request.issuerKey, asBufferSource(certificate.tbsView));
  certificate.signatureValue = new asn1js.BitString({ valueHex: signature });
  return new Uint8Array(certificate.toSchema().toBER());
}

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050. */
function time(epochMs: number): pkijs.Time {
  const value = new Date(Math.floor(epochMs / 1000) * 1000);
  return new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value });
}

export const RSA_KEY_PARAMS: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

export function generateRsaKeyPair(subtle: SubtleCrypto): Promise<CryptoKeyPair> {
  return subtle.generateKey(RSA_KEY_PARAMS, true, ['sign', 'verify']);
}
