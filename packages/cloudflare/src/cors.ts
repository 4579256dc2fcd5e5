import { errorResponse } from './errors.js';

// CORS per bank: a TPP app on its own dev server (another origin) calls a hosted bank from the
// browser. The bank's allowed origins are a list of exact origins, or `*`; preflights are answered
// here, before the engine, since the engine has no OPTIONS routes.

const METHODS = 'GET, POST, PUT, DELETE';
/** Long enough that a busy page preflights once per route, short enough that a changed list applies. */
const MAX_AGE_SECONDS = '600';

/** A list of allowed origins as given at creation or on the control plane: each `*` or an origin. */
export function parseOrigins(value: unknown): string[] | string {
  if (!Array.isArray(value)) return 'origins must be a list of origins (https://app.example) or "*"';
  const out: string[] = [];
  for (const [index, item] of value.entries()) {
    if (item === '*') {
      out.push('*');
      continue;
    }
    let url: URL;
    try {
      url = new URL(String(item));
    } catch {
      return `origins[${index}] is not an origin: ${String(item).slice(0, 80)}`;
    }
    if (url.origin === 'null' || url.origin !== String(item).replace(/\/$/, '')) {
      return `origins[${index}] must be an origin alone (scheme, host and port), got ${String(item).slice(0, 80)}`;
    }
    out.push(url.origin);
  }
  if (out.length > 50) return 'origins holds at most 50 entries';
  return [...new Set(out)];
}

export function isAllowed(origins: readonly string[], origin: string | null): boolean {
  return origin !== null && (origins.includes('*') || origins.includes(origin));
}

/** Where a refused origin is allowed: a bank's control plane, unless the caller says otherwise. */
const BANK_HINT = 'this bank from a browser; add it with PUT /_sandbank/cors';

/**
 * The answer to a preflight (OPTIONS with Access-Control-Request-Method); `refusal` says what the
 * origin may not call and where it is allowed (the directory's origins are a Worker setting).
 */
export function preflight(request: Request, origins: readonly string[], refusal = BANK_HINT): Response {
  const origin = request.headers.get('origin');
  if (!isAllowed(origins, origin)) {
    return errorResponse('FORBIDDEN', `the origin ${origin ?? '(none)'} may not call ${refusal}`, {
      headers: { vary: 'Origin' },
    });
  }
  const requested = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': origin as string,
      'access-control-allow-methods': METHODS,
      ...(requested === null ? {} : { 'access-control-allow-headers': requested }),
      'access-control-max-age': MAX_AGE_SECONDS,
      vary: 'Origin',
    },
  });
}

export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** The response with the CORS headers an allowed origin needs to read it (all headers exposed). */
export function withCors(response: Response, request: Request, origins: readonly string[]): Response {
  const origin = request.headers.get('origin');
  if (response.status === 101) return response;
  const headers = new Headers(response.headers);
  headers.append('vary', 'Origin');
  if (isAllowed(origins, origin)) {
    headers.set('access-control-allow-origin', origin as string);
    headers.set('access-control-expose-headers', '*');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
