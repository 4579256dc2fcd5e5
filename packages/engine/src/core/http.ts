import type { ErrorCode, TppMessage } from './errors.js';

/** A request as plain data: what the pure reducer sees. Header names are lower-case. */
export interface EngineRequest {
  method: string;
  /** Path without the query, percent-decoding left to the router. */
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  /**
   * The body decoded as UTF-8, or null when the request has none. A control-plane body of 1 MiB or
   * more, in Node, is instead a text equal to it as JSON, made only when this is read (a one-byte text
   * with characters beyond Latin-1 as `\uXXXX` escapes where it can be, gateway/json-text.ts), and
   * `largeJson` is there.
   */
  bodyText: string | null;
  /** Present when the body is a large body's one-byte text rather than its exact text. */
  largeJson?: {
    /** Decodes the text as sent (for a syntax error's words, the request log). */
    exact: () => string;
    /** Whether no string the body parses to holds a refused character, read from its bytes. */
    accepted: boolean;
    /** The text's first character that is not white space, or '' for none. */
    lead: string;
    /** The whole text, equal to the body as JSON (what `bodyText` gives). */
    text: () => string;
    /** `JSON.parse` of the text (its `SyntaxError` too), read in pieces from the body's chunks where it can be (gateway/json-chunks.ts). */
    parse: () => unknown;
  };
}

/** A response as plain data; `json` and `html` are mutually exclusive. */
export interface EngineResponse {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  html?: string;
  /**
   * Keep the operation's state changes although the status is an error: a 401 that answers with an
   * `scaRedirect` has just created the authorisation it points to (part 5.2 rule 1).
   */
  keepChanges?: boolean;
  /** `json` holds parts already written (core/written-json.ts): serialised by `writeJson`. */
  written?: true;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): EngineResponse {
  return { status, headers, json: body };
}

/**
 * `response` with some of its fields replaced, written out field by field in one order. Not
 * `{ ...response, json }`: Node 20's V8 gives each object made by a spread followed by more keys a
 * hidden class of its own (docs/decisions/hidden-classes.md), and this runs on every request.
 */
export function responseWith(response: EngineResponse, changes: Partial<EngineResponse>): EngineResponse {
  const out: EngineResponse = {
    status: changes.status ?? response.status,
    headers: changes.headers ?? response.headers,
  };
  const body = 'json' in changes ? changes.json : response.json;
  if (body !== undefined) out.json = body;
  const page = changes.html ?? response.html;
  if (page !== undefined) out.html = page;
  if ((changes.keepChanges ?? response.keepChanges) === true) out.keepChanges = true;
  if ((changes.written ?? response.written) === true) out.written = true;
  return out;
}

/** A copy of `headers` with `extra` set over it (for the reason `responseWith` gives, not a spread). */
export function headersWith(
  headers: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name] = headers[name] as string;
  for (const name in extra) out[name] = extra[name] as string;
  return out;
}

/** `response` with `extra` headers set over its own (an echoed X-Request-ID, a fault's mark). */
export function withHeaders(
  response: EngineResponse,
  extra: Readonly<Record<string, string>>,
): EngineResponse {
  return responseWith(response, { headers: headersWith(response.headers, extra) });
}

export function html(status: number, body: string, headers: Record<string, string> = {}): EngineResponse {
  return { status, headers, html: body };
}

export function empty(status: number, headers: Record<string, string> = {}): EngineResponse {
  return { status, headers };
}

export function redirect(location: string): EngineResponse {
  return { status: 303, headers: { location } };
}

export function errorBody(messages: TppMessage[]): { tppMessages: TppMessage[] } {
  return { tppMessages: messages };
}

/** Codes a response carries, for logs and tests. */
export function codesOf(response: EngineResponse): ErrorCode[] {
  const body = response.json as { tppMessages?: TppMessage[] } | undefined;
  return body?.tppMessages?.map((m) => m.code) ?? [];
}
