// Signs a request as real TPP clients do (part 5.1, platform facts §3): adds X-Request-ID (when absent),
// Digest (when there is a body and none was set), Date or X-Date, TPP-Signature-Certificate and
// Signature, in that order.

import { formatHttpDate } from '../core/http-date.js';
import { signingClockNow } from '../core/signing-clock.js';
import type { TppIdentity } from '../pki/tpp-identity.js';
import { createSignatureHeader } from '../security/create-signature-header.js';
import { createDigestHeader } from '../security/digest.js';
import { REQUEST_TARGET } from '../security/header-names.js';
import { TPP_CERTIFICATE_HEADER } from '../security/types.js';

export interface SignRequestOptions {
  /** Default 'x-date' in browsers and workers (fetch() cannot set Date there), else 'date'. */
  date?: 'date' | 'x-date';
  /**
   * Epoch ms for the date header. Default: the clock source of the sandbox made last in this realm
   * (createSandbox or installSandbox, so a test on a fixed `now` signs by it), else Date.now().
   */
  now?: number;
  /** Also sign (request-target), first. */
  requestTarget?: boolean;
  /** The exact signed-header list, replacing the default; for tests of the verifier. */
  headers?: string[];
  subtle?: SubtleCrypto;
}

/** part 5.1 rule 5, in the platform's order; each is signed when the request has it. */
const SIGNED_CANDIDATES = ['digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];

export async function signRequest(
  request: Request,
  identity: TppIdentity,
  options: SignRequestOptions = {},
): Promise<Request> {
  const subtle = options.subtle ?? globalThis.crypto.subtle;
  const body =
    request.body === null || request.method === 'GET' || request.method === 'HEAD'
      ? null
      : new Uint8Array(await request.clone().arrayBuffer());
  const headers = new Headers(request.headers);
  if (!headers.has('x-request-id')) headers.set('X-Request-ID', randomUuid());
  // A Digest the caller set (say SHA-512) is kept; the verifier checks it against the body either way.
  if (body !== null && !headers.has('digest')) headers.set('Digest', await createDigestHeader(body, subtle));
  // A page's fetch() silently drops Date (a forbidden header), so fall back to X-Date where it would.
  const dateHeader =
    (options.date ?? (inBrowser() ? 'x-date' : 'date')) === 'date' && canSendDate() ? 'date' : 'x-date';
  headers.set(dateHeader === 'date' ? 'Date' : 'X-Date', formatHttpDate(options.now ?? signingClockNow()));
  headers.set(TPP_CERTIFICATE_HEADER, identity.certificate.base64);
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  const names = options.headers?.map((name) => name.toLowerCase()) ?? [
    ...(options.requestTarget ? [REQUEST_TARGET] : []),
    dateHeader,
    ...SIGNED_CANDIDATES.filter((name) => headers.has(name)),
  ];
  const signature = await createSignatureHeader(
    identity,
    names,
    { method: request.method, target, headers },
    subtle,
  );
  headers.set('Signature', signature.value);
  return new Request(request, body === null ? { headers } : { headers, body });
}

function inBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown; WorkerGlobalScope?: unknown };
  return scope.window !== undefined || scope.document !== undefined || scope.WorkerGlobalScope !== undefined;
}

let dateAllowed: boolean | undefined;

/** Whether this runtime's Request keeps a Date header (Node's does; browsers drop it). */
function canSendDate(): boolean {
  dateAllowed ??= new Request('http://localhost/', { headers: { Date: formatHttpDate(0) } }).headers.has(
    'date',
  );
  return dateAllowed;
}

function randomUuid(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  // RFC 9562 §5.4 version 4 UUID, for runtimes without randomUUID (insecure browser contexts).
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
