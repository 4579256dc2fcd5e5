// Typed errors for the helpers that throw (the verifiers never throw: they return verdicts).
// Modelled on panva/jose's errors: one stable `code` per failure kind.

export type SecurityErrorCode =
  | 'CERTIFICATE_INVALID'
  | 'SIGNATURE_INVALID'
  | 'KEY_INVALID'
  | 'KEY_MISMATCH'
  | 'HEADER_MISSING'
  | 'IDENTITY_INVALID';

export class SecurityError extends Error {
  override readonly name = 'SecurityError';
  readonly code: SecurityErrorCode;

  constructor(code: SecurityErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
