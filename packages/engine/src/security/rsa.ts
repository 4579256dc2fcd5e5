// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2), the `rsa-sha256` of part 5.1 rules 4 and 7.
import { asBufferSource } from './bytes.js';
import { nodeSignRsaSha256 } from './node-crypto.js';

export const RSA_SHA256: RsaHashedImportParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

export function importRsaPublicKey(spki: Uint8Array, subtle: SubtleCrypto): Promise<CryptoKey> {
  return subtle.importKey('spki', asBufferSource(spki), RSA_SHA256, false, ['verify']);
}

export function verifyRsaSha256(
  key: CryptoKey,
  signature: Uint8Array,
  data: Uint8Array,
  subtle: SubtleCrypto,
): Promise<boolean> {
  return subtle.verify(RSA_SHA256, key, asBufferSource(signature), asBufferSource(data));
}

export async function signRsaSha256(
  key: CryptoKey,
  data: Uint8Array,
  subtle: SubtleCrypto,
): Promise<Uint8Array> {
  // Node's sign on this thread where it is used (node-crypto.ts), else WebCrypto's.
  return (
    nodeSignRsaSha256(key, data, subtle) ??
    new Uint8Array(await subtle.sign(RSA_SHA256, key, asBufferSource(data)))
  );
}

const modulusSizes = new WeakMap<CryptoKey, number>();

/** The key's modulus in bytes; remembered, since browsers build a new `algorithm` object on every read. */
export function modulusBytes(key: CryptoKey): number {
  let size = modulusSizes.get(key);
  if (size === undefined) {
    size = Math.ceil((key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8);
    modulusSizes.set(key, size);
  }
  return size;
}
