import { type ApiError, apiError } from '../core/errors.js';
import { CONTROL_ROOT } from '../core/router.js';
import { routes } from '../routes.js';

// Who may use the control plane (`/_sandbank/*` without the PSU's pages): docs/security.md, "The
// control plane's owner". The adapters decide the access from how they are reached (a loopback
// server, a shared host, a service worker) and apply these rules before the engine routes.

/**
 * `open`: anyone who can reach it (a loopback server, a service worker's own pages); `token`: every
 * control request needs `Authorization: Bearer <token>`; `off`: the control plane does not exist.
 */
export type ControlAccess = { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'off' };

/** The bank's HTML pages: the PSU's browser opens them from the TPP's links; they are not control. */
const PAGE_PATTERNS = routes
  .filter((route) => route.service === 'page')
  .map((route) => `${CONTROL_ROOT}${route.path}`.split('/'));

/** Whether a path (below the bank's mount) is the control plane rather than the API or a PSU page. */
export function isControlPath(path: string): boolean {
  if (path !== CONTROL_ROOT && !path.startsWith(`${CONTROL_ROOT}/`)) return false;
  const segments = path.split('/');
  return !PAGE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}

/** Reads: a foreign page cannot read the answer (no CORS), so only these may come from anywhere. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Equal strings, compared in time that depends on their lengths only, not on where they differ. */
export function tokensEqual(presented: string, expected: string): boolean {
  let difference = presented.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    difference |= (presented.charCodeAt(i % Math.max(presented.length, 1)) || 0) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or another scheme. */
export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

export interface ControlCall {
  method: string;
  headers: Headers;
  /** Origins that are the bank's own (`http://host:port` as served, the public URL's origin). */
  ownOrigins: readonly string[];
}

/**
 * Whether a state-changing request comes from a page of another origin: its `Origin` (`null`
 * included) is not one of the bank's, or the browser says it is cross-site (`Sec-Fetch-Site`).
 * Requests without either header (curl, test code) are not from a page.
 */
export function fromForeignPage(call: ControlCall): boolean {
  if (SAFE_METHODS.has(call.method.toUpperCase())) return false;
  const origin = call.headers.get('origin');
  if (origin !== null && !call.ownOrigins.includes(origin)) return true;
  const site = call.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/** The refusal of a control request under `access`, or null when it may go on to the engine. */
export function controlRefusal(call: ControlCall, access: ControlAccess): ApiError | null {
  if (access.kind === 'off') {
    return apiError(
      'NOT_FOUND',
      'the control plane is off on this server: its owner turns it on with --control-plane on',
    );
  }
  if (fromForeignPage(call)) {
    return apiError(
      'FORBIDDEN',
      `a control request that changes the bank must come from the bank's own origin, not ${(call.headers.get('origin') ?? 'a cross-site page').slice(0, 100)}`,
    );
  }
  if (access.kind === 'open') return null;
  const presented = bearerToken(call.headers.get('authorization'));
  return bearerRefusal(presented, presented !== null && tokensEqual(presented, access.token), {
    missing:
      'the control plane needs Authorization: Bearer <token> (the token sandbank serve printed at start, or --control-token / SANDBANK_CONTROL_TOKEN)',
    wrong: 'the control token is not this server’s',
  });
}

/**
 * The refusal of a request that needs a bearer token (RFC 6750 section 3.1): none presented is 401
 * HTTP_HEADER_REQUIRED with a `WWW-Authenticate: Bearer` challenge, a wrong one 403 FORBIDDEN with
 * `error="invalid_token"`; null when the token is valid. Every adapter with tokens (sandbank serve,
 * the hosted banks) refuses through this, so a client sees the same answers everywhere.
 */
export function bearerRefusal(
  presented: string | null,
  valid: boolean,
  texts: { missing: string; wrong: string },
): ApiError | null {
  if (presented === null) {
    return apiError('HTTP_HEADER_REQUIRED', texts.missing, {
      status: 401,
      path: 'Authorization',
      headers: { 'www-authenticate': 'Bearer realm="sandbank"' },
    });
  }
  if (!valid) {
    return apiError('FORBIDDEN', texts.wrong, {
      headers: { 'www-authenticate': 'Bearer realm="sandbank", error="invalid_token"' },
    });
  }
  return null;
}

/** What a service worker sees of a request: its fetch event's Request has these. */
export interface PageRequest {
  method: string;
  headers: Headers;
  mode: string;
  referrer: string;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The service worker's control plane answers only its own origin's pages. A fetch from a page it
 * controls is its own; other origins reach it only by navigating into its scope (a link, a form
 * post, a frame): a navigation whose referrer is another origin is refused, and a state-changing
 * navigation that does not say where it comes from (no referrer) too. A foreign `Origin` header or a
 * cross-site `Sec-Fetch-Site` is refused as on a server.
 */
export function pageControlRefusal(request: PageRequest, ownOrigin: string): ApiError | null {
  const path = { method: request.method, headers: request.headers, ownOrigins: [ownOrigin] };
  const foreign = fromForeignPage(path);
  if (!foreign && request.mode === 'navigate') {
    const from =
      request.referrer === '' || request.referrer === 'about:client' ? null : originOf(request.referrer);
    const changes = !SAFE_METHODS.has(request.method.toUpperCase());
    if ((from !== null && from !== ownOrigin) || (from === null && changes)) {
      return apiError(
        'FORBIDDEN',
        `the control plane answers this app's own pages only; this navigation comes from ${from ?? 'a page that does not say'}`,
      );
    }
    return null;
  }
  return foreign ? controlRefusal(path, { kind: 'open' }) : null;
}
