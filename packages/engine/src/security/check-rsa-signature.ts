// Step: the signature verifies over the signing string (part 5.1 rules 6–7) with the certificate's
// key. The signing string is UTF-8; when it has ISO-8859-1 characters (header values travel as bytes,
// RFC 9110 §5.5) the byte-per-character form is tried as well.
import { clip, latin1Bytes, utf8 } from './bytes.js';
import type { CertificateCache, CertificateEntry } from './certificate-cache.js';
import { type NodeRsaKey, nodeRsaKey, usesNodeCrypto } from './node-crypto.js';
import { importRsaPublicKey, modulusBytes, verifyRsaSha256 } from './rsa.js';
import { failStep, pass, type StepResult } from './step-result.js';

/** How a signature is checked: Node's synchronous verify where it is used, else WebCrypto's. */
interface Verifier {
  modulusBytes: number;
  verify(signature: Uint8Array, data: Uint8Array): boolean | Promise<boolean>;
}

export async function checkRsaSignature(
  entry: CertificateEntry,
  signature: Uint8Array,
  signingString: string,
  cache: CertificateCache,
  subtle: SubtleCrypto,
  header: string,
): Promise<StepResult<null>> {
  // Node's key when it is usable: no await before the verification, so it runs in this call.
  const key = nodeKey(entry, cache, subtle) ?? (await webCryptoKey(entry, cache, subtle));
  if (typeof key === 'string') return failStep('FORMAT_ERROR', header, key);
  const expectedLength = key.modulusBytes;
  if (signature.length !== expectedLength) {
    return failStep(
      'BAD_REQUEST',
      'Signature',
      `signature is ${signature.length} bytes, but the certificate's ${expectedLength * 8}-bit key makes ` +
        `${expectedLength}-byte signatures`,
    );
  }
  if (await key.verify(signature, utf8(signingString))) {
    return pass(null, 'RSA-SHA256 signature verifies against the certificate key');
  }
  const asBytes = /[\x80-\xff]/.test(signingString) ? latin1Bytes(signingString) : null;
  if (asBytes !== null && (await key.verify(signature, asBytes))) {
    return pass(null, 'RSA-SHA256 signature verifies (signing string as ISO-8859-1 bytes)');
  }
  const prefix = "signature does not verify against the certificate's key (signing string was: ";
  const shown = JSON.stringify(signingString);
  return failStep('BAD_REQUEST', 'Signature', `${prefix}${clip(shown, 510 - prefix.length)})`);
}

function nodeKey(entry: CertificateEntry, cache: CertificateCache, subtle: SubtleCrypto): NodeRsaKey | null {
  if (!usesNodeCrypto(subtle)) return null;
  if (entry.nodeKey === undefined) {
    entry.nodeKey = nodeRsaKey(entry.certificate.spki, subtle);
    if (entry.nodeKey !== null) cache.countKeyImport();
  }
  return entry.nodeKey;
}

async function webCryptoKey(
  entry: CertificateEntry,
  cache: CertificateCache,
  subtle: SubtleCrypto,
): Promise<Verifier | string> {
  const key = await publicKey(entry, cache, subtle);
  if (typeof key === 'string') return key;
  return {
    modulusBytes: modulusBytes(key),
    verify: (signature, data) => verifyRsaSha256(key, signature, data, subtle),
  };
}

function publicKey(
  entry: CertificateEntry,
  cache: CertificateCache,
  subtle: SubtleCrypto,
): Promise<CryptoKey | string> {
  let key = entry.keys.get(subtle);
  if (key === undefined) {
    cache.countKeyImport();
    key = importRsaPublicKey(entry.certificate.spki, subtle).catch(
      (error: unknown) => `the certificate's RSA key cannot be imported: ${(error as Error).message}`,
    );
    entry.keys.set(subtle, key);
  }
  return key;
}
