// The sandbox test CA, loaded once per SubtleCrypto from the committed constants.
import { type CertificateAuthority, importCertificateAuthority } from './certificate-authority.js';
import { SANDBOX_TEST_CA_PEM, SANDBOX_TEST_CA_PRIVATE_KEY_PEM } from './sandbox-test-ca.js';

const loaded = new WeakMap<SubtleCrypto, Promise<CertificateAuthority>>();

export function sandboxTestCa(
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CertificateAuthority> {
  let ca = loaded.get(subtle);
  if (ca === undefined) {
    ca = importCertificateAuthority(SANDBOX_TEST_CA_PEM, SANDBOX_TEST_CA_PRIVATE_KEY_PEM, subtle);
    loaded.set(subtle, ca);
  }
  return ca;
}
