// @sandbank/engine/tpp: the TPP kit. Creates test identities and signs requests the way the bank's
// verifier (part 5.1) expects; also verifies the bank's signed responses (part 5.1 rule 10).

export { formatHttpDate } from '../core/http-date.js';
export { sandboxBankIdentity } from '../pki/bank-identity.js';
export {
  type CertificateAuthority,
  type CreateCertificateAuthorityOptions,
  createCertificateAuthority,
  importCertificateAuthority,
} from '../pki/certificate-authority.js';
export { createTppIdentity } from '../pki/create-tpp-identity.js';
export { type IdentityPreset, type PresetOptions, presetIdentity } from '../pki/preset-identity.js';
export { sandboxTestCa } from '../pki/sandbox-ca.js';
export { SANDBOX_TEST_CA_PEM } from '../pki/sandbox-test-ca.js';
export type {
  CreateTppIdentityOptions,
  ExportedTppIdentity,
  ImportTppIdentityInput,
  TppIdentity,
} from '../pki/tpp-identity.js';
export { buildSigningString } from '../security/build-signing-string.js';
export { createDigestHeader } from '../security/digest.js';
export { SecurityError, type SecurityErrorCode } from '../security/errors.js';
export { type ParsedCertificate, parseCertificate } from '../security/parse-certificate.js';
export { parseSignatureHeader, type SignatureParams } from '../security/parse-signature-header.js';
export {
  BANK_CERTIFICATE_HEADER,
  type SignResponseOptions,
  signResponse,
} from '../security/sign-response.js';
export type { Psd2Role, SignatureVerdict, VerifiedTpp, VerifyStep } from '../security/verify-request.js';
export { type VerifyResponseOptions, verifyResponse } from '../security/verify-response.js';
export { exportTppIdentity } from './export-tpp-identity.js';
export { importTppIdentity } from './import-tpp-identity.js';
export { type SignRequestOptions, signRequest } from './sign-request.js';
