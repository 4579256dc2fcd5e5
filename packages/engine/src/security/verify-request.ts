// Verifies a signed TPP request (part 5.1 rules 1–9 and 11). The core calls `verify` once per request;
// the verifier keeps parsed certificates and imported keys, so a repeat TPP costs one digest and one
// RSA verification.
import { createCertificateCache } from './certificate-cache.js';
import { REQUEST_MUST_SIGN } from './header-names.js';
import {
  type SignatureVerdict,
  TPP_CERTIFICATE_HEADER,
  type VerifierStats,
  type VerifyInput,
  type VerifyOptions,
} from './types.js';
import { verifySignedMessage } from './verify-signed-message.js';

export type {
  HeaderReader,
  Psd2Role,
  SignatureVerdict,
  VerifiedTpp,
  VerifierStats,
  VerifyFailureCode,
  VerifyInput,
  VerifyOptions,
  VerifyStep,
} from './types.js';
export { TPP_CERTIFICATE_HEADER } from './types.js';

export interface RequestVerifier {
  verify(input: VerifyInput, options: VerifyOptions): Promise<SignatureVerdict>;
  readonly stats: VerifierStats;
}

export function createRequestVerifier(options: { cacheSize?: number } = {}): RequestVerifier {
  const cache = createCertificateCache(options.cacheSize ?? 256);
  return {
    stats: cache.stats,
    verify(input, verifyOptions) {
      return verifySignedMessage(
        { method: input.method, target: input.target, headers: input.headers, body: input.body },
        {
          now: verifyOptions.now,
          ...(verifyOptions.sourceNow === undefined ? {} : { alsoNow: verifyOptions.sourceNow }),
          subtle: verifyOptions.subtle ?? globalThis.crypto.subtle,
          digestRequired: verifyOptions.digestRequired,
          trustAnchors: verifyOptions.trustAnchors ?? null,
          maxSkewMs: 60_000,
        },
        {
          noun: 'request',
          certificateHeader: TPP_CERTIFICATE_HEADER,
          mustSign: REQUEST_MUST_SIGN,
          allowRequestTarget: true,
        },
        cache,
      );
    },
  };
}
