// Saves an identity as text (e.g. in localStorage), so a prototype keeps one TPP across reloads.

import { exportPrivateKeyPem } from '../pki/private-key.js';
import type { ExportedTppIdentity, TppIdentity } from '../pki/tpp-identity.js';
import { toPem } from '../security/pem.js';

export async function exportTppIdentity(
  identity: TppIdentity,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<ExportedTppIdentity> {
  return {
    certificatePem: toPem('CERTIFICATE', identity.certificate.der),
    privateKeyPem: await exportPrivateKeyPem(identity.privateKey, subtle),
    privateKeyJwk: await subtle.exportKey('jwk', identity.privateKey),
  };
}
