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
   * more, in Node, is instead a one-byte text equal to it as JSON (characters beyond Latin-1 as
   * `\uXXXX` escapes, gateway/json-text.ts), and `largeJson` is there.
   */
  bodyText: string | null;
  /** Present when `bodyText` is a large body's one-byte text rather than its exact text. */
  largeJson?: {
    /** Decodes the text as sent (for a syntax error's words, the request log). */
    exact: () => string;
    /** Whether no string the body parses to holds a refused character, read from its bytes. */
    accepted: boolean;
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
