// The verifier's shared types, in a file of their own: every step imports them from here, so no
// step depends on the verifier that calls it.

export type Psd2Role = 'PSP_AS' | 'PSP_PI' | 'PSP_AI' | 'PSP_IC';

export interface VerifiedTpp {
  /** Subject organizationIdentifier (2.5.4.97), e.g. PSDNO-FSA-933012867. */
  organisationId: string;
  /** Subject CN, else O. */
  name: string;
  country: string | null;
  roles: Psd2Role[];
  ncaName: string | null;
  ncaId: string | null;
  /** Upper-case hex, without DER's sign-padding 00 byte. */
  serialHex: string;
  /** RFC 2253. */
  issuerDn: string;
  subjectDn: string;
  /** SHA-256 of the DER, lower-case hex (the registry key). */
  fingerprint: string;
  notBefore: number;
  notAfter: number;
  email?: string;
}

/**
 * Part 7 rule 1 codes, the only ones the bank sends (part 5.1 rule 9 makes every failure 400): a
 * header the check needs is absent (`HTTP_HEADER_REQUIRED`), a header is not in its form
 * (`FORMAT_ERROR`), or a well-formed signature fails a step (`BAD_REQUEST`). The text names the step.
 */
export type VerifyFailureCode = 'HTTP_HEADER_REQUIRED' | 'FORMAT_ERROR' | 'BAD_REQUEST';

export interface VerifyStep {
  step: string;
  ok: boolean;
  detail: string;
}

export type SignatureVerdict =
  | {
      ok: true;
      tpp: VerifiedTpp;
      steps: VerifyStep[];
      /** The signed date (Date, else X-Date) as epoch ms: replays are remembered until it leaves the window. */
      signedAt: number;
    }
  | {
      ok: false;
      code: VerifyFailureCode;
      /** The header at fault, e.g. 'Signature', 'Digest', 'Date'. */
      header: string;
      /** The step and what it expected, at most 512 characters. */
      text: string;
      steps: VerifyStep[];
    };

/**
 * What the verifier reads of a message's headers: a web `Headers`, or any object whose `get` answers
 * as `Headers.get` does (case-insensitive name; repeated fields joined by ", "; null when absent).
 */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface VerifyInput {
  /** Upper-case. */
  method: string;
  /** Path and query exactly as received, for (request-target). */
  target: string;
  headers: HeaderReader;
  /** Exact body bytes. */
  body: Uint8Array | null;
}

export interface VerifyOptions {
  /** Bank clock, epoch ms: the date header must be within 60 s, the certificate valid at this time. */
  now: number;
  /**
   * The clock source the bank clock is moved from (the sandbox's `now`, the real time by default): a
   * date header within 60 s of it passes too, so a TPP signing with its own clock survives a moved
   * bank clock. Leave it out to check against the bank clock only.
   */
  sourceNow?: number;
  /** Defaults to globalThis.crypto.subtle. */
  subtle?: SubtleCrypto;
  /** True on create payment and create sandbox account (the core decides). */
  digestRequired: boolean;
  /** PEM or base64 CA certificates; when given, the certificate must be issued by one of them. */
  trustAnchors?: string[];
}

export interface VerifierStats {
  /**
   * Certificates this verifier took into its cache (a miss); a repeat certificate does not count again.
   * The text itself is parsed once per process and SubtleCrypto, whichever verifier first met it.
   */
  certificateParses: number;
  /** Verifications that found their certificate already parsed. */
  certificateCacheHits: number;
  /** Public keys imported into WebCrypto (once per certificate and SubtleCrypto). */
  keyImports: number;
}

/** Header used by part 5.1 rule 11 to carry the TPP's certificate. */
export const TPP_CERTIFICATE_HEADER = 'TPP-Signature-Certificate';

/** What the trust-chain step found (certificate-cache.ts keeps it per certificate and anchors). */
export interface TrustVerdict {
  /** The subject of the anchor that signed the certificate, or null. */
  issuer: string | null;
  /** Anchors that are not certificates (a configuration mistake the text points out). */
  unreadable: number;
}
