// Reads an eIDAS certificate (RFC 5280 §4.1) from the TPP-Signature-Certificate header (part 5.1 rule 11).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { encodeBase64 } from './base64.js';
import { decodeBer } from './ber.js';
import { asBufferSource, latin1String, toHex } from './bytes.js';
import { type DistinguishedName, readName } from './distinguished-name.js';
import { SecurityError } from './errors.js';
import {
  COMMON_NAME_OID,
  COUNTRY_NAME_OID,
  EMAIL_ADDRESS_OID,
  ORGANIZATION_IDENTIFIER_OID,
  ORGANIZATION_NAME_OID,
  QC_STATEMENTS_OID,
  SUBJECT_ALT_NAME_OID,
} from './oids.js';
import { decodeDerText } from './pem.js';
import { type Psd2Statement, readPsd2Statement } from './read-psd2-statement.js';

export interface ParsedCertificate {
  der: Uint8Array;
  /** Base64 of the DER, as the TPP-Signature-Certificate header carries it. */
  base64: string;
  /** SHA-256 of the DER, lower-case hex. */
  fingerprint: string;
  /** Upper-case hex of the serial, without DER's sign-padding 00 byte. */
  serialHex: string;
  issuer: DistinguishedName;
  subject: DistinguishedName;
  notBefore: number;
  notAfter: number;
  publicKeyAlgorithmOid: string;
  /** Size of an RSA key's modulus in bits (null for other keys or an unreadable RSAPublicKey). */
  rsaModulusBits: number | null;
  /** SubjectPublicKeyInfo DER, for WebCrypto's `importKey('spki', …)`. */
  spki: Uint8Array;
  organisationId: string | null;
  commonName: string | null;
  organisationName: string | null;
  country: string | null;
  email: string | null;
  psd2: Psd2Statement | null;
  x509: pkijs.Certificate;
}

/** Parses base64 DER or PEM. Throws SecurityError `CERTIFICATE_INVALID` with a text fit for a tppMessage. */
export async function parseCertificate(
  b64OrPem: string,
  options: { subtle?: SubtleCrypto } = {},
): Promise<ParsedCertificate> {
  const invalid = (problem: string) => new SecurityError('CERTIFICATE_INVALID', problem);
  const decoded = decodeDerText(b64OrPem);
  if (!decoded.ok) throw invalid(`the certificate is not base64 DER or PEM: ${decoded.problem}`);
  const der = decoded.der;
  const asn1 = decodeBer(der);
  if (!asn1.ok) throw invalid(`the certificate is not valid DER (${asn1.problem}; truncated?)`);
  if (asn1.length !== der.length) {
    throw invalid(`the certificate has ${der.length - asn1.length} bytes after its DER SEQUENCE`);
  }
  let x509: pkijs.Certificate;
  try {
    x509 = new pkijs.Certificate({ schema: asn1.value });
  } catch (error) {
    throw invalid(`the DER is not an X.509 certificate (RFC 5280 §4.1): ${(error as Error).message}`);
  }
  const issuer = readName(new Uint8Array(x509.issuer.valueBeforeDecode));
  const subject = readName(new Uint8Array(x509.subject.valueBeforeDecode));
  if (issuer === null || subject === null)
    throw invalid('the certificate issuer or subject is not a valid Name');
  let psd2: Psd2Statement | null = null;
  const qc = x509.extensions?.find((e) => e.extnID === QC_STATEMENTS_OID);
  if (qc) {
    const read = readPsd2Statement(new Uint8Array(qc.extnValue.getValue()));
    if (!read.ok) throw invalid(`the certificate's ${read.problem}`);
    psd2 = read.statement;
  }
  const attribute = (oid: string) => {
    const found = x509.subject.typesAndValues.find((t) => t.type === oid)?.value;
    return found instanceof asn1js.BaseStringBlock ? found.getValue() : null;
  };
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const fingerprint = toHex(new Uint8Array(await subtle.digest('SHA-256', asBufferSource(der))));
  const serial = x509.serialNumber.valueBlock.valueHexView;
  const serialBytes = serial.length > 1 && serial[0] === 0 ? serial.subarray(1) : serial;
  return {
    der,
    base64: encodeBase64(der),
    fingerprint,
    serialHex: toHex(serialBytes).toUpperCase(),
    issuer,
    subject,
    notBefore: x509.notBefore.value.getTime(),
    notAfter: x509.notAfter.value.getTime(),
    publicKeyAlgorithmOid: x509.subjectPublicKeyInfo.algorithm.algorithmId,
    rsaModulusBits: rsaModulusBits(x509.subjectPublicKeyInfo),
    spki: new Uint8Array(x509.subjectPublicKeyInfo.toSchema().toBER()),
    organisationId: attribute(ORGANIZATION_IDENTIFIER_OID),
    commonName: attribute(COMMON_NAME_OID),
    organisationName: attribute(ORGANIZATION_NAME_OID),
    country: attribute(COUNTRY_NAME_OID),
    email: attribute(EMAIL_ADDRESS_OID) ?? subjectAltNameEmail(x509),
    psd2,
    x509,
  };
}

/** The bit length of an RSA modulus (RFC 8017 §A.1.1), its DER sign-padding byte left out. */
function rsaModulusBits(info: pkijs.PublicKeyInfo): number | null {
  let key: pkijs.PublicKeyInfo['parsedKey'];
  try {
    key = info.parsedKey;
  } catch {
    return null;
  }
  if (!(key instanceof pkijs.RSAPublicKey)) return null;
  const bytes = key.modulus.valueBlock.valueHexView;
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  if (start === bytes.length) return 0;
  return (bytes.length - start - 1) * 8 + (32 - Math.clz32(bytes[start] as number));
}

/** The first rfc822Name ([1] IA5String) of the subjectAltName extension (RFC 5280 §4.2.1.6). */
function subjectAltNameEmail(x509: pkijs.Certificate): string | null {
  const san = x509.extensions?.find((e) => e.extnID === SUBJECT_ALT_NAME_OID);
  if (!san) return null;
  const parsed = decodeBer(san.extnValue.getValue());
  if (!parsed.ok || !(parsed.value instanceof asn1js.Sequence)) return null;
  for (const name of parsed.value.valueBlock.value) {
    if (name.idBlock.tagClass === 3 && name.idBlock.tagNumber === 1 && !name.idBlock.isConstructed) {
      const bytes = (name.valueBlock as unknown as { valueHexView: Uint8Array }).valueHexView;
      return latin1String(bytes);
    }
  }
  return null;
}
