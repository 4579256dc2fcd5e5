// part 5.1 rule 10: the bank may sign responses. The response gets a Digest of its body, a Date when
// it has none, the bank certificate, and a Signature over `digest x-request-id date` (the present ones).

import { formatHttpDate } from '../core/http-date.js';
import { signingClockNow } from '../core/signing-clock.js';
import { createSignatureHeader } from './create-signature-header.js';
import { createDigestHeader } from './digest.js';
import type { SigningIdentity } from './signing-identity.js';

/** Carries the bank's signing certificate, as TPP-Signature-Certificate carries the TPP's. */
export const BANK_CERTIFICATE_HEADER = 'ASPSP-Signature-Certificate';

export interface SignResponseOptions {
  /** Set as X-Request-ID when the response has none (the request's, echoed). */
  requestId?: string;
  /** Epoch ms for the Date header; default the clock signRequest dates by (core/signing-clock.ts). */
  now?: number;
  subtle?: SubtleCrypto;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Adds the signing headers to `headers` for a body of exactly `body`: for a caller that holds the
 * bytes it is about to send (the gateway serialises an answer once and signs those bytes).
 */
export async function signResponseHeaders(
  headers: Headers,
  body: Uint8Array,
  identity: SigningIdentity,
  options: SignResponseOptions = {},
): Promise<void> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  headers.set('Digest', await createDigestHeader(body, subtle));
  if (!headers.has('x-request-id') && options.requestId !== undefined)
    headers.set('X-Request-ID', options.requestId);
  if (!headers.has('date')) headers.set('Date', formatHttpDate(options.now ?? signingClockNow()));
  headers.set(BANK_CERTIFICATE_HEADER, identity.certificate.base64);
  const names = ['digest', 'x-request-id', 'date'].filter((name) => headers.has(name));
  const signature = await createSignatureHeader(identity, names, { headers }, subtle);
  headers.set('Signature', signature.value);
}

/** Returns a signed copy; reads (consumes) the given response's body. */
export async function signResponse(
  response: Response,
  identity: SigningIdentity,
  options: SignResponseOptions = {},
): Promise<Response> {
  const body = response.body === null ? new Uint8Array() : new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  await signResponseHeaders(headers, body, identity, options);
  const nullBody = NULL_BODY_STATUSES.has(response.status) && body.length === 0;
  return new Response(nullBody ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
