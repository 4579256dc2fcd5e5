/**
 * The error model: `{"tppMessages":[{category, code, path, text}]}` (part 2.1 TppMessage, part 7).
 * The codes are exactly those of part 7 rule 1 (plus REFERENCE_MIX_INVALID, which the contract also
 * uses): the list is closed, so a Berlin Group code the contract does not name is never sent, on an
 * error or on a WARNING (docs/errors.md says which code each case gets). Each code maps to the HTTP
 * statuses it may carry; the first is its default. The table is a `Record<ErrorCode, …>`, so the
 * compiler rejects a code that is not in it.
 */
export const ERROR_STATUSES = {
  // 503: the bank is unavailable (a maintenance window or an injected fault, docs/faults.md).
  SYSTEM_ERROR: [500, 503],
  // 405: a known path with another method (with Allow); 413 body too large; 415 not JSON; the HTTP
  // adapter's 408 request not received in time, 417 an Expect it cannot meet, 431 headers too large.
  BAD_REQUEST: [400, 405, 408, 413, 415, 417, 431],
  FORBIDDEN: [403],
  NOT_FOUND: [404],
  CONFLICT: [409],
  // 401: the control plane's `Authorization: Bearer` is missing (with WWW-Authenticate).
  HTTP_HEADER_REQUIRED: [400, 401],
  QUERY_PARAMETER_REQUIRED: [400],
  SCA_NOT_FOUND: [404],
  SCA_EXPIRED: [400],
  SCA_INVALID: [400],
  FORMAT_ERROR: [400, 413, 415],
  RESOURCE_UNKNOWN: [404, 403, 400],
  PSU_CREDENTIALS_INVALID: [401],
  CONSENT_UNKNOWN: [403, 400],
  CONSENT_INVALID: [401],
  CONSENT_EXPIRED: [401],
  ACCESS_EXCEEDED: [429],
  PRODUCT_UNKNOWN: [404],
  PRODUCT_INVALID: [403],
  KID_MISSING: [400],
  KID_INVALID: [400],
  PAYMENT_FAILED: [400],
  EXECUTION_DATE_INVALID: [400],
  // part 3 rule 4 and the part 7 table.
  REFERENCE_MIX_INVALID: [400],
} as const satisfies Record<string, readonly [number, ...number[]]>;

export type ErrorCode = keyof typeof ERROR_STATUSES;
export type StatusOf<C extends ErrorCode> = (typeof ERROR_STATUSES)[C][number];

/**
 * part 2.1 caps `text` at 512 characters; the Berlin Group definition (tppMessageText) at 500.
 * 500 satisfies both.
 */
export const TEXT_LIMIT = 500;

export interface TppMessage {
  category: 'ERROR' | 'WARNING';
  code: ErrorCode;
  path?: string;
  text: string;
}

/** part 2.1 and Berlin Group: `text` at most TEXT_LIMIT characters. */
export function clampText(text: string): string {
  return text.length <= TEXT_LIMIT ? text : `${text.slice(0, TEXT_LIMIT - 1)}…`;
}

export function tppMessage(
  category: TppMessage['category'],
  code: ErrorCode,
  text: string,
  path?: string,
): TppMessage {
  const message: TppMessage = { category, code, text: clampText(text) };
  if (path !== undefined) message.path = path;
  return message;
}

export function warning(code: ErrorCode, text: string, path?: string): TppMessage {
  return tppMessage('WARNING', code, text, path);
}

/**
 * An expected failure. Operations throw it; the reducer turns it into a response in one place and
 * discards every change the operation made.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: TppMessage[];
  readonly headers: Record<string, string>;

  constructor(status: number, messages: TppMessage[], headers: Record<string, string> = {}) {
    super(messages.map((m) => `${m.code}: ${m.text}`).join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.headers = headers;
  }
}

export function apiError<C extends ErrorCode>(
  code: C,
  text: string,
  options: { path?: string; status?: StatusOf<C>; headers?: Record<string, string> } = {},
): ApiError {
  const status = options.status ?? ERROR_STATUSES[code][0];
  return new ApiError(status, [tppMessage('ERROR', code, text, options.path)], options.headers);
}

/**
 * Several messages in one failure (a client fixes every field in one round), with a status every one
 * of their codes may carry in the table (default: the first code's); a mix the table does not allow
 * is a bug in the engine.
 */
export function apiErrors(messages: readonly TppMessage[], status?: number): ApiError {
  const chosen = status ?? ERROR_STATUSES[messages[0]?.code ?? 'FORMAT_ERROR'][0];
  for (const { code } of messages) {
    if (!(ERROR_STATUSES[code] as readonly number[]).includes(chosen)) {
      throw new TypeError(`${code} cannot be answered with status ${chosen} (ERROR_STATUSES)`);
    }
  }
  return new ApiError(chosen, [...messages]);
}
