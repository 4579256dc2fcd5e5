import { type ApiError, apiError } from '../core/errors.js';

// The rules every transport applies to a request line before routing (docs/security.md, "The HTTP
// adapter"). They are pure: the Node adapter applies all of them to the raw request; sandbox.fetch
// and the service worker, which get a URL already parsed by WHATWG rules, apply the path and method
// rules. Spellings are refused rather than rewritten: the signature covers the request target as it
// was sent (part 5.1), so a rewritten path would either fail the check or be answered for a path
// the TPP did not sign.

/** Methods the bank's routes use. */
export const BANK_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** Standard methods the router answers itself (405 with the path's own Allow, or 404). */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** A request target in origin form: the path as sent (unchanged) and the query with its `?`. */
export interface Target {
  /** The authority of an absolute-form target (`http://host:port/...`), which replaces Host. */
  authority: string | null;
  path: string;
  search: string;
}

function refuse(text: string): ApiError {
  return apiError('BAD_REQUEST', text);
}

const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * A path is in normal form when it has no empty segment (`//`), no dot segment, plain or
 * percent-encoded (`..`, `%2e%2e`), and no encoded slash or backslash: the spellings a proxy that
 * forwards only `/v1/*` and the router would read differently. The message is null when it is.
 * A URL parsed by WHATWG rules (sandbox.fetch, the service worker) has lost its dot segments
 * already; the other spellings survive parsing.
 */
export function pathShapeProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'the path must start with /';
  // The usual path has no escape, no empty and no dot segment: nothing below can find a problem.
  if (!path.includes('%') && !path.includes('//') && !path.includes('/.')) return null;
  if (/%(2f|5c)/i.test(path)) return 'the path holds an encoded slash or backslash';
  const segments = path.slice(1).split('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = (segments[i] as string).replace(/%2e/gi, '.');
    if (segment === '.' || segment === '..') return 'the path holds a dot segment (. or ..)';
    if (segment === '' && i < segments.length - 1) return 'the path holds an empty segment (//)';
  }
  return null;
}

/** pathShapeProblem, and the characters of a path as sent on the wire (RFC 3986 section 3.3). */
function rawPathProblem(path: string): string | null {
  if (!PATH_CHARACTERS.test(path)) return 'the path holds characters a URL path cannot hold unencoded';
  if (BAD_PERCENT.test(path)) return 'the path holds a % that is not a percent-encoded byte';
  return pathShapeProblem(path);
}

/**
 * The rules for a request whose URL is already parsed (sandbox.fetch, the service worker): the path's
 * shape, and a method outside the standard set where the router knows no route to say Allow for.
 */
export function checkParsedRequest(pathname: string, method: string, knownPath: boolean): ApiError | null {
  const problem = pathShapeProblem(pathname);
  if (problem !== null) return refuse(`the path ${pathname.slice(0, 100)} is refused: ${problem}`);
  return knownPath ? null : checkMethod(method);
}

/**
 * part 5.1: the request target of the request line (RFC 9112 section 3.2): origin form
 * (`/v1/...?q`), or absolute form (`http://host/v1/...`), whose authority the adapter checks as it
 * checks Host. Asterisk and authority forms, fragments and paths not in normal form are refused.
 */
export function checkTarget(raw: string): Target | ApiError {
  let authority: string | null = null;
  let rest = raw;
  const absolute = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/.exec(raw);
  if (absolute !== null) {
    if (!/^https?$/i.test(absolute[1] as string)) {
      return refuse(`the request target's scheme must be http or https, got ${raw.slice(0, 100)}`);
    }
    authority = absolute[2] as string;
    rest = absolute[3] === '' ? '/' : (absolute[3] as string);
  }
  if (rest === '' || !rest.startsWith('/')) {
    return refuse(
      `the request target must be a path such as /v1/accounts, got ${raw.slice(0, 100) || 'nothing'}`,
    );
  }
  if (rest.startsWith('//')) {
    return refuse(
      `the request target ${raw.slice(0, 100)} starts with //: send the path alone, such as /v1/accounts`,
    );
  }
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const search = queryAt === -1 ? '' : rest.slice(queryAt);
  // A path holding `#` is refused below; in a query it would be a fragment, which a client never sends.
  if (search.includes('#')) {
    return refuse(
      `the request target ${raw.slice(0, 100)} holds a fragment (#): a client sends the path and query only`,
    );
  }
  const problem = rawPathProblem(path);
  if (problem !== null) return refuse(`the request target ${raw.slice(0, 100)} is refused: ${problem}`);
  return { authority, path, search };
}

/** A Host (or an absolute target's authority): the name in lower case without a trailing dot. */
export interface HostValue {
  hostname: string;
  port: number | null;
}

const HOST_SYNTAX = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._-]+))(?::(\d{1,5}))?$/;

/** RFC 9110 section 7.2: `host[:port]`; anything else is malformed (400, never a crash). */
export function parseHost(value: string | undefined): HostValue | ApiError {
  if (value === undefined || value.trim() === '') {
    return apiError('HTTP_HEADER_REQUIRED', 'the Host header is required (RFC 9112 section 3.2)', {
      path: 'Host',
    });
  }
  const match = HOST_SYNTAX.exec(value.trim());
  const port = match?.[3] === undefined ? null : Number(match[3]);
  const ipv6 = match?.[1];
  if (
    match === null ||
    (port !== null && (port < 1 || port > 65535)) ||
    (ipv6 !== undefined && !isIpv6(ipv6))
  ) {
    return apiError('BAD_REQUEST', `the Host header is malformed: ${JSON.stringify(value.slice(0, 100))}`, {
      path: 'Host',
    });
  }
  const hostname = (ipv6 !== undefined ? ipv6 : (match[2] as string)).toLowerCase().replace(/\.$/, '');
  return { hostname, port };
}

function isIpv6(text: string): boolean {
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** Loopback names: `localhost` and its subdomains, 127.0.0.0/8, ::1. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1'
  );
}

/**
 * The adapter answers only the hosts it serves (this defeats DNS rebinding: a page on
 * `evil.example` that resolves to the bank's address sends `Host: evil.example`): loopback names, and
 * the names given (the bound address, the public URL's host).
 */
export function checkServedHost(host: HostValue, served: ReadonlySet<string>): ApiError | null {
  if (isLoopbackName(host.hostname) || served.has(host.hostname)) return null;
  return apiError(
    'BAD_REQUEST',
    `this server does not serve the host ${host.hostname.slice(0, 100)}: call it by ${[...served, 'localhost'].join(', ')} (or start it with --public-url)`,
    { path: 'Host' },
  );
}

/**
 * Methods outside the standard set get 405 with the methods the bank uses (TRACE, CONNECT and
 * tokens such as FOO); standard ones go on to the router, which answers with the path's own Allow.
 */
export function checkMethod(method: string): ApiError | null {
  if (ROUTED_METHODS.has(method.toUpperCase())) return null;
  const allow = BANK_METHODS.join(', ');
  return apiError(
    'BAD_REQUEST',
    `${method.slice(0, 20)} is not a method this bank serves; allowed: ${allow}`,
    {
      status: 405,
      headers: { allow },
    },
  );
}
