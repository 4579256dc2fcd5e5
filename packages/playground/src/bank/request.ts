import type { RequestLogEntry } from '@sandbank/engine';
import { createDigestHeader } from '@sandbank/engine/tpp';
import { signIfAvailable } from './sign.js';

/** The origin requests are addressed to; the in-page bank and the worker both answer on the page's own. */
export function bankOrigin(): string {
  return typeof location === 'undefined' || location.origin === 'null' ? 'http://localhost' : location.origin;
}

export interface ApiCall {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function newRequestId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `req-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
}

/** Builds the request a TPP would send: X-Request-ID (part 4.1), JSON body, then signed when possible. */
export async function buildRequest(call: ApiCall): Promise<Request> {
  const headers = new Headers(call.headers ?? {});
  if (call.path.startsWith('/v1') && !headers.has('x-request-id'))
    headers.set('x-request-id', newRequestId());
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const init: RequestInit = { method: call.method, headers };
  if (body !== undefined && call.method !== 'GET' && call.method !== 'HEAD') {
    init.body = body;
    // part 4.1: payment and sandbox operations need a Digest of the body (RFC 3230), as a TPP sends it.
    if (call.path.startsWith('/v1') && !headers.has('digest')) {
      headers.set('digest', await createDigestHeader(new TextEncoder().encode(body)));
    }
  }
  return signIfAvailable(new Request(new URL(call.path, bankOrigin()), init));
}

export interface ApiResult {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body, the text for HTML or other bodies, null when empty. */
  body: unknown;
  text: string;
}

export async function readResult(response: Response): Promise<ApiResult> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  let body: unknown = text === '' ? null : text;
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers, body, text };
}

/** Where `pnpm serve` listens by default: copied curl commands go there. */
export const SERVE_ORIGIN = 'http://127.0.0.1:8731';

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The request as a curl command line against `pnpm serve` (same engine over HTTP). */
export function toCurl(entry: Pick<RequestLogEntry, 'method' | 'path' | 'requestHeaders' | 'requestBody'>) {
  const parts = ['curl', '-i', '-X', entry.method, shellQuote(`${SERVE_ORIGIN}${entry.path}`)];
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    if (name === 'content-length' || name === 'host') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (entry.requestBody !== null) parts.push('--data-raw', shellQuote(entry.requestBody));
  return parts.join(' ');
}
