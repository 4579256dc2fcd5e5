// RSA private keys in and out of PKCS#8 PEM (RFC 5208, RFC 7468 §10) and JWK (RFC 7517).
import { SecurityError } from '../security/errors.js';
import { decodeDerText, toPem } from '../security/pem.js';
import { RSA_SHA256 } from '../security/rsa.js';

export async function importPrivateKey(
  input: { privateKeyPem?: string; privateKeyJwk?: JsonWebKey },
  subtle: SubtleCrypto,
): Promise<CryptoKey> {
  try {
    if (input.privateKeyJwk !== undefined) {
      return await subtle.importKey('jwk', input.privateKeyJwk, RSA_SHA256, true, ['sign']);
    }
    if (input.privateKeyPem !== undefined) {
      if (input.privateKeyPem.includes('BEGIN RSA PRIVATE KEY')) {
        throw new SecurityError(
          'KEY_INVALID',
          'the key is PKCS#1 (BEGIN RSA PRIVATE KEY); convert it with `openssl pkcs8 -topk8 -nocrypt`',
        );
      }
      const der = decodeDerText(input.privateKeyPem);
      if (!der.ok) throw new SecurityError('KEY_INVALID', `the private key is not PEM: ${der.problem}`);
      return await subtle.importKey('pkcs8', new Uint8Array(der.der), RSA_SHA256, true, ['sign']);
    }
  } catch (error) {
    if (error instanceof SecurityError) throw error;
    throw new SecurityError(
      'KEY_INVALID',
      `the private key cannot be imported as RSA: ${(error as Error).message}`,
    );
  }
  throw new SecurityError('KEY_INVALID', 'give privateKeyPem (PKCS#8) or privateKeyJwk');
}

export async function exportPrivateKeyPem(key: CryptoKey, subtle: SubtleCrypto): Promise<string> {
  return toPem('PRIVATE KEY', new Uint8Array(await subtle.exportKey('pkcs8', key)));
}
