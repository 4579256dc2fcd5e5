// Step: the signature verifies over the signing string (part 5.1 rules 6–7) with the certificate's
// key. The signing string is UTF-8; when it has ISO-8859-1 characters (header values travel as bytes,
// RFC 9110 §5.5) the byte-per-character form is tried as well.
import { clip, latin1Bytes, utf8 } from './bytes.js';
import type { CertificateCache, CertificateEntry } from './certificate-cache.js';
import { importRsaPublicKey, modulusBytes, verifyRsaSha256 } from './rsa.js';
import { failStep, pass, type StepResult } from './step-result.js';

export async function checkRsaSignature(
  entry: CertificateEntry,
  signature: Uint8Array,
  signingString: string,
  cache: CertificateCache,
  subtle: SubtleCrypto,
  header: string,
): Promise<StepResult<null>> {
  const key = await publicKey(entry, cache, subtle);
  if (typeof key === 'string') return failStep('FORMAT_ERROR', header, key);
  const expectedLength = modulusBytes(key);
  if (signature.length !== expectedLength) {
    return failStep(
      'BAD_REQUEST',
      'Signature',
      `signature is ${signature.length} bytes, but the certificate's ${expectedLength * 8}-bit key makes ` +
        `${expectedLength}-byte signatures`,
    );
  }
  if (await verifyRsaSha256(key, signature, utf8(signingString), subtle)) {
    return pass(null, 'RSA-SHA256 signature verifies against the certificate key');
  }
  const asBytes = /[\x80-\xff]/.test(signingString) ? latin1Bytes(signingString) : null;
  if (asBytes !== null && (await verifyRsaSha256(key, signature, asBytes, subtle))) {
    return pass(null, 'RSA-SHA256 signature verifies (signing string as ISO-8859-1 bytes)');
  }
  const prefix = "signature does not verify against the certificate's key (signing string was: ";
  const shown = JSON.stringify(signingString);
  return failStep('BAD_REQUEST', 'Signature', `${prefix}${clip(shown, 510 - prefix.length)})`);
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
