// A CA's signature over a certificate (RFC 5280 §4.1.1.2–3, §6.1.3 (a)(1)), checked with WebCrypto for
// the signature algorithms WebCrypto has: RSASSA-PKCS1-v1_5 (RFC 8017 §8.2, with SHA-1 or SHA-2),
// RSASSA-PSS (RFC 4055 §3.1) and ECDSA on P-256, P-384 and P-521 (RFC 5758 §3.2). pkijs parses the
// certificate and the PSS parameters and converts ECDSA's DER signature; this module does not bring in
// pkijs's CryptoEngine, whose one class (key import and export, encryption, PKCS#12 MACs…) would be
// 8.6 KB of the worker script's gzipped 150 for the one call the engine makes (docs/benchmarks.md,
// "Bundles").
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { decodeBer } from './ber.js';
import { asBufferSource } from './bytes.js';

const HASHES: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** sha1WithRSAEncryption… (RFC 4055 §5, RFC 8017 Appendix C). */
const RSA_PKCS1: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.5': 'SHA-1',
  '1.2.840.113549.1.1.11': 'SHA-256',
  '1.2.840.113549.1.1.12': 'SHA-384',
  '1.2.840.113549.1.1.13': 'SHA-512',
};
const RSASSA_PSS = '1.2.840.113549.1.1.10';
/** ecdsa-with-SHA1 (RFC 3279 §2.2.3), ecdsa-with-SHA256… (RFC 5758 §3.2). */
const ECDSA: Readonly<Record<string, string>> = {
  '1.2.840.10045.4.1': 'SHA-1',
  '1.2.840.10045.4.3.2': 'SHA-256',
  '1.2.840.10045.4.3.3': 'SHA-384',
  '1.2.840.10045.4.3.4': 'SHA-512',
};
/** namedCurve (RFC 5480 §2.1.1.1) and the size in bytes of one coordinate of a point on it. */
const CURVES: Readonly<Record<string, { name: string; size: number }>> = {
  '1.2.840.10045.3.1.7': { name: 'P-256', size: 32 },
  '1.3.132.0.34': { name: 'P-384', size: 48 },
  '1.3.132.0.35': { name: 'P-521', size: 66 },
};

interface Check {
  /** WebCrypto's algorithm to import the issuer's key with, and to verify with. */
  key: RsaHashedImportParams | EcKeyImportParams;
  verify: AlgorithmIdentifier | RsaPssParams | EcdsaParams;
  signature: Uint8Array;
}

/** How to check `certificate`'s signature with `issuerKey`; throws for an algorithm WebCrypto lacks. */
function checkOf(certificate: pkijs.Certificate, issuerKey: pkijs.PublicKeyInfo): Check {
  const { algorithmId, algorithmParams } = certificate.signatureAlgorithm;
  const signature = certificate.signatureValue.valueBlock.valueHexView;
  const pkcs1Hash = RSA_PKCS1[algorithmId];
  if (pkcs1Hash !== undefined)
    return { key: { name: 'RSASSA-PKCS1-v1_5', hash: pkcs1Hash }, verify: 'RSASSA-PKCS1-v1_5', signature };
  if (algorithmId === RSASSA_PSS) {
    // An empty SEQUENCE (or, as pkijs reads it, none) takes RFC 4055 §3.1's defaults: SHA-1, a salt of 20 bytes.
    const pss = new pkijs.RSASSAPSSParams({ schema: algorithmParams });
    const hash = HASHES[pss.hashAlgorithm.algorithmId];
    if (hash === undefined) throw new Error(`unsupported PSS hash ${pss.hashAlgorithm.algorithmId}`);
    return {
      key: { name: 'RSA-PSS', hash },
      verify: { name: 'RSA-PSS', saltLength: pss.saltLength },
      signature,
    };
  }
  const ecdsaHash = ECDSA[algorithmId];
  if (ecdsaHash === undefined) throw new Error(`unsupported signature algorithm ${algorithmId}`);
  const curveId: unknown = issuerKey.algorithm.algorithmParams;
  const curve =
    curveId instanceof asn1js.ObjectIdentifier ? CURVES[curveId.valueBlock.toString()] : undefined;
  if (curve === undefined) throw new Error('the issuer key is not on P-256, P-384 or P-521');
  // X.509 carries ECDSA's (r, s) as a DER SEQUENCE; WebCrypto takes r ‖ s, each the curve's size.
  const der = decodeBer(signature);
  if (!der.ok) throw new Error(`the ECDSA signature is not DER: ${der.problem}`);
  return {
    key: { name: 'ECDSA', namedCurve: curve.name },
    verify: { name: 'ECDSA', hash: ecdsaHash },
    signature: new Uint8Array(pkijs.createECDSASignatureFromCMS(der.value, curve.size)),
  };
}

/**
 * Whether `issuer`'s key made `certificate`'s signature. False for another key; throws where the
 * algorithm or the issuer's key is one WebCrypto cannot check (the caller counts that as "not issued
 * by this CA").
 */
export async function isSignedBy(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  subtle: SubtleCrypto,
): Promise<boolean> {
  const issuerKey = issuer.subjectPublicKeyInfo;
  const check = checkOf(certificate, issuerKey);
  const key = await subtle.importKey(
    'spki',
    asBufferSource(new Uint8Array(issuerKey.toSchema().toBER(false))),
    check.key,
    false,
    ['verify'],
  );
  return subtle.verify(
    check.verify,
    key,
    asBufferSource(check.signature),
    asBufferSource(certificate.tbsView),
  );
}
