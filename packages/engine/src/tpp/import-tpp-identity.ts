// Restores an identity from its certificate and its private key (PKCS#8 PEM or JWK). Throws
// SecurityError KEY_INVALID, KEY_MISMATCH, CERTIFICATE_INVALID or IDENTITY_INVALID.
import { identityFromCertificate } from '../pki/identity-from-certificate.js';
import { importPrivateKey } from '../pki/private-key.js';
import type { ImportTppIdentityInput, TppIdentity } from '../pki/tpp-identity.js';

export async function importTppIdentity(
  input: ImportTppIdentityInput,
  options: { subtle?: SubtleCrypto } = {},
): Promise<TppIdentity> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const privateKey = await importPrivateKey(input, subtle);
  return identityFromCertificate(input.certificatePem, privateKey, subtle);
}
