// The request-security module, for the engine core: request verification (part 5.1), response
// signing (rule 10) and the helpers the core needs for TPP registration.

export { formatHttpDate, parseHttpDate } from '../core/http-date.js';
export { looksLikePersonalMailbox } from '../core/personal-mailbox.js';
export { buildSigningString, type SigningStringSource } from './build-signing-string.js';
export { createDigestHeader } from './digest.js';
export { SecurityError, type SecurityErrorCode } from './errors.js';
export { type ParsedCertificate, parseCertificate } from './parse-certificate.js';
export {
  type ParsedSignatureHeader,
  parseSignatureHeader,
  type SignatureParams,
} from './parse-signature-header.js';
export { BANK_CERTIFICATE_HEADER, type SignResponseOptions, signResponse } from './sign-response.js';
export type { SigningIdentity } from './signing-identity.js';
export { toVerifiedTpp, type VerifiedTppResult } from './to-verified-tpp.js';
export {
  createRequestVerifier,
  type HeaderReader,
  type Psd2Role,
  type RequestVerifier,
  type SignatureVerdict,
  TPP_CERTIFICATE_HEADER,
  type VerifiedTpp,
  type VerifierStats,
  type VerifyFailureCode,
  type VerifyInput,
  type VerifyOptions,
  type VerifyStep,
} from './verify-request.js';
export { type VerifyResponseOptions, verifyResponse } from './verify-response.js';
