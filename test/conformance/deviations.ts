/**
 * The deliberate differences from Berlin Group 1.3.6, each undone here before validation so that
 * everything else is checked against the definition as it stands. Each patch names its entry in
 * docs/conformance.md; nothing else is relaxed.
 */

/** What a patch may look at: the BG operation, the answer, and what the request asked for. */
export interface Answer {
  operation: string;
  status: number;
  body: unknown;
  /** The request's `x-accept-fix` values. */
  fixes: ReadonlySet<string>;
  /** The sandbox keeps every fix opt-in (`acceptFixDefaults: 'legacy'`) rather than following the part 9 dates. */
  legacyFixes: boolean;
}

/**
 * D3 (docs/conformance.md): the contract's own error codes (part 7 rule 1), which Berlin Group
 * does not list. Part 7's list is closed, so the engine sends them where Berlin Group has a code of
 * its own (D4: a missing PSU-Corporate-ID, D5: signatures, D10: a method a path does not take,
 * a state that forbids the operation). Each is allowed only at the status the engine documents for
 * it (docs/errors.md).
 */
const NATIONAL_CODES: Record<string, readonly number[]> = {
  HTTP_HEADER_REQUIRED: [400],
  QUERY_PARAMETER_REQUIRED: [400],
  BAD_REQUEST: [400, 405],
  FORBIDDEN: [403],
  NOT_FOUND: [404],
  CONFLICT: [409],
  SCA_NOT_FOUND: [404],
  SCA_EXPIRED: [400],
  KID_MISSING: [400],
  KID_INVALID: [400],
};

/** The Berlin Group code each status class is validated with once a national code is accepted. */
const STAND_IN: Record<number, string> = {
  400: 'FORMAT_ERROR',
  401: 'CONSENT_INVALID',
  403: 'CONSENT_UNKNOWN',
  404: 'RESOURCE_UNKNOWN',
  405: 'SERVICE_INVALID',
  409: 'STATUS_INVALID',
  429: 'ACCESS_EXCEEDED',
};

/**
 * D6: statuses the definition has no body for on these operations (413 body too large, 415 not
 * JSON, 500 unexpected failure) carry the same error body; they are validated as a 400.
 */
export const STATUS_STAND_IN: Record<number, number> = { 413: 400, 415: 400, 500: 400 };

interface Message {
  category?: unknown;
  code?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * D2: under the legacy x-accept-fix defaults, without `x-accept-fix: amount-as-string` amounts are
 * JSON numbers (the platform's recorded traffic). By the part 9 dates they are strings: not patched.
 */
function amountsAsStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(amountsAsStrings);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === 'amount' && typeof item === 'number' && typeof value.currency === 'string'
        ? String(item)
        : amountsAsStrings(item);
  }
  return out;
}

/**
 * D11: a WARNING on a successful answer carries a part 7 code (the contract's list is closed, and
 * names no code WARNING); Berlin Group's tppMessage2XX allows only the code WARNING. The message is
 * validated with that code; every other field as it stands.
 */
export function asBerlinGroupWarning(message: unknown): { message: unknown; applied: boolean } {
  if (!isObject(message) || message.category !== 'WARNING' || message.code === 'WARNING') {
    return { message, applied: false };
  }
  return { message: { ...message, code: 'WARNING' }, applied: true };
}

/** Applies exactly the documented deviations; returns the body to validate and the ones applied. */
export function applyDeviations(answer: Answer): { body: unknown; status: number; applied: string[] } {
  const applied: string[] = [];
  let body = answer.body;
  let status = answer.status;
  if (STATUS_STAND_IN[status] !== undefined) {
    applied.push(`D6 status ${status}`);
    status = STATUS_STAND_IN[status] as number;
  }
  if (answer.legacyFixes && !answer.fixes.has('amount-as-string')) {
    const patched = amountsAsStrings(body);
    if (JSON.stringify(patched) !== JSON.stringify(body)) applied.push('D2 amounts as numbers');
    body = patched;
  }
  // D1: the bank-offered consent answers 201 with only `_links.scaRedirect` (docs/platform-facts.md §1,
  // part 4.2 item 12): there is no consent id the TPP could address.
  if (answer.operation === 'POST /consents' && status === 201 && isObject(body)) {
    if (!('consentId' in body) && !('consentStatus' in body)) {
      applied.push('D1 bank-offered consent');
      body = { consentStatus: 'received', consentId: 'bank-offered', ...body };
    }
  }
  if (isObject(body) && Array.isArray(body.tppMessages) && status >= 400) {
    body = {
      ...body,
      tppMessages: body.tppMessages.map((m: Message) => {
        const code = typeof m.code === 'string' ? m.code : '';
        const allowed = NATIONAL_CODES[code];
        if (allowed?.includes(answer.status) && STAND_IN[status] !== undefined) {
          applied.push(`D3 code ${code}`);
          return { ...m, code: STAND_IN[status] };
        }
        return m;
      }),
    };
  }
  return { body, status, applied };
}
