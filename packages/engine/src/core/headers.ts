import * as z from 'zod/mini';
import { assertAcceptedText } from './charset.js';
import { ACCEPT_FIX_DEFAULT_FROM, ACCEPT_FIXES, type AcceptFix, type AcceptFixDefaults } from './context.js';
import { parseIsoDate } from './dates.js';
import { apiError } from './errors.js';
import { parseHttpDate } from './http-date.js';

/** Canonical spelling of the part 4.1 headers, for messages. */
const DISPLAY_NAMES: Record<string, string> = {
  'x-request-id': 'X-Request-ID',
  'x-accept-fix': 'x-accept-fix',
  'tpp-session-id': 'TPP-Session-ID',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
  'tpp-redirect-preferred': 'TPP-Redirect-Preferred',
  'tpp-brand-logging-information': 'TPP-Brand-Logging-Information',
  'psu-id': 'PSU-ID',
  'x-psu-identity': 'X-PSU-IDENTITY',
  'psu-corporate-id': 'PSU-Corporate-ID',
  'psu-context': 'PSU-Context',
  'psu-ip-address': 'PSU-IP-Address',
  'psu-ip-port': 'PSU-IP-Port',
  'psu-device-id': 'PSU-Device-ID',
  'psu-geo-location': 'PSU-Geo-Location',
  'psu-http-method': 'PSU-HTTP-Method',
  date: 'Date',
  'x-date': 'X-Date',
  digest: 'Digest',
};

export function displayName(header: string): string {
  // Own entries only: a header may be named like an object property (`constructor`).
  return Object.hasOwn(DISPLAY_NAMES, header) ? (DISPLAY_NAMES[header] as string) : header;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isIpAddress(value: string): boolean {
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
  if (v4.test(value)) return true;
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** Norwegian national identity number or D-number: 11 digits with both mod-11 check digits. */
export function isNorwegianNationalId(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const d = [...value].map(Number);
  const check = (weights: number[]): number => {
    const sum = weights.reduce((acc, w, i) => acc + w * (d[i] as number), 0);
    const r = 11 - (sum % 11);
    return r === 11 ? 0 : r;
  };
  const k1 = check([3, 7, 6, 1, 8, 9, 4, 5, 2]);
  const k2 = check([5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return k1 !== 10 && k2 !== 10 && k1 === d[9] && k2 === d[10];
}

/** The last TPP-Redirect-URI checked and its verdict: a TPP sends the same one request after request. */
let lastUrl = '';
let lastUrlAbsolute = false;

function isAbsoluteHttpUrl(value: string): boolean {
  if (value !== lastUrl) {
    let absolute = false;
    try {
      const { protocol } = new URL(value);
      absolute = protocol === 'https:' || protocol === 'http:';
    } catch {
      absolute = false;
    }
    lastUrl = value;
    lastUrlAbsolute = absolute;
  }
  return lastUrlAbsolute;
}

type Check = (value: string, now: number) => string | null;

/** part 4.1: each header validated by its type where present; a failure names the header. */
const HEADER_CHECKS: Record<string, Check> = {
  'x-request-id': (v) =>
    v.trim() === '' ? 'must not be empty' : v.length > 100 ? 'is longer than 100 characters' : null,
  'psu-id': (v) => (UUID.test(v) ? null : 'must be a UUID (the psu-id of the SCA redirect)'),
  'psu-device-id': (v) => (UUID.test(v) ? null : 'must be a UUID'),
  'psu-context': (v) => (v === 'PRIVATE' || v === 'CORPORATE' ? null : 'must be PRIVATE or CORPORATE'),
  'psu-http-method': (v) =>
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(v)
      ? null
      : 'must be one of GET, POST, PUT, PATCH, DELETE',
  'tpp-redirect-preferred': (v) => (v === 'true' || v === 'false' ? null : 'must be true or false'),
  'tpp-redirect-uri': (v) => (isAbsoluteHttpUrl(v) ? null : 'must be an absolute http(s) URL'),
  'psu-ip-address': (v) => (isIpAddress(v) ? null : 'must be an IPv4 or IPv6 address'),
  'psu-ip-port': (v) => (/^\d{1,5}$/.test(v) && Number(v) <= 65535 ? null : 'must be a port number 0-65535'),
  'psu-geo-location': (v) =>
    /^GEO:-?\d{1,3}(\.\d+)?;-?\d{1,3}(\.\d+)?$/.test(v)
      ? null
      : 'must have the form GEO:<latitude>;<longitude>',
  'x-psu-identity': (v) =>
    isNorwegianNationalId(v) ? null : 'must be a Norwegian national identity number or D-number (11 digits)',
  'psu-corporate-id': (v) => (v.trim() === '' ? 'must not be empty' : null),
  'tpp-session-id': (v) =>
    v.trim() === '' ? 'must not be empty' : v.length > 100 ? 'is longer than 100 characters' : null,
  // RFC 7231 §7.1.1.1: a recipient reads all three date forms, as the signature check does.
  date: (v, now) =>
    parseHttpDate(v, now) === null
      ? 'must be an RFC 7231 date such as "Sun, 06 Nov 1994 08:49:37 GMT"'
      : null,
  'x-date': (v, now) =>
    parseHttpDate(v, now) === null
      ? 'must be an RFC 7231 date such as "Sun, 06 Nov 1994 08:49:37 GMT"'
      : null,
};

/** Validates every part 4.1 header present; throws FORMAT_ERROR naming the first bad one. */
export function assertValidHeaders(headers: Record<string, string>, now: number): void {
  for (const name in headers) {
    const value = headers[name] as string;
    if (Object.hasOwn(DISPLAY_NAMES, name) || name.startsWith('psu-'))
      assertAcceptedText(value, displayName(name));
    const check = Object.hasOwn(HEADER_CHECKS, name) ? HEADER_CHECKS[name] : undefined;
    const problem = check?.(value, now);
    if (problem) {
      throw apiError(
        'FORMAT_ERROR',
        `header ${displayName(name)} ${problem} (got ${JSON.stringify(value.slice(0, 80))})`,
        {
          path: displayName(name),
        },
      );
    }
  }
}

/**
 * part 4.1: the headers the table requires on B, T and P alike (create signing basket, get
 * transaction details, create payment). One list, so the three answer a missing one the same way.
 */
export const SCA_FLOW_HEADERS = ['x-accept-fix', 'tpp-session-id', 'tpp-redirect-uri'] as const;

export function requireHeaders(headers: Record<string, string>, names: readonly string[]): void {
  for (const name of names) {
    if (headers[name] === undefined) {
      throw apiError(
        'HTTP_HEADER_REQUIRED',
        `header ${displayName(name)} is required on this operation (part 4.1)`,
        {
          path: displayName(name),
        },
      );
    }
  }
}

const AcceptFixSchema = z.enum(ACCEPT_FIXES);

/** part 9: `x-accept-fix` is a comma-separated list of known fixes. */
export function parseAcceptFixes(value: string | undefined): Set<AcceptFix> {
  const fixes = new Set<AcceptFix>();
  if (value === undefined) return fixes;
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const parsed = AcceptFixSchema.safeParse(item);
    if (!parsed.success) {
      throw apiError(
        'FORMAT_ERROR',
        `x-accept-fix value ${JSON.stringify(item.slice(0, 80))} is unknown; known values: ${ACCEPT_FIXES.join(', ')}`,
        { path: 'x-accept-fix' },
      );
    }
    fixes.add(parsed.data);
  }
  return fixes;
}

/**
 * part 9 rule 2: the fixes in force are those asked for plus, by the bank clock, those already made
 * the default (a fix cannot be declined once it is the default). `legacy` keeps them all opt-in.
 */
/** Each fix's default-from day as epoch ms (midnight UTC), parsed once rather than on every request. */
const FIX_DEFAULT_FROM_MS: ReadonlyArray<readonly [AcceptFix, number]> = ACCEPT_FIXES.map(
  (fix) => [fix, parseIsoDate(ACCEPT_FIX_DEFAULT_FROM[fix])] as const,
);

export function fixesInForce(
  asked: ReadonlySet<AcceptFix>,
  now: number,
  defaults: AcceptFixDefaults,
): Set<AcceptFix> {
  const fixes = new Set(asked);
  if (defaults === 'legacy') return fixes;
  // Compared as instants (midnight UTC of the date), so a clock set beyond year 9999 compares right.
  for (const [fix, from] of FIX_DEFAULT_FROM_MS) if (from <= now) fixes.add(fix);
  return fixes;
}
