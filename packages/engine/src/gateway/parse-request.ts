import { assertAcceptedJson, assertAcceptedText, jsonTextIsAccepted } from '../core/charset.js';
import { ApiError, apiError, type TppMessage } from '../core/errors.js';
import type { EngineRequest } from '../core/http.js';
import type { Parsed } from '../core/routed.js';
import { isApiService, type Route } from '../core/router.js';
import {
  dropPrototypeKeys,
  droppedFieldWarning,
  PROTOTYPE_KEYS,
  parseWith,
  singleQuery,
} from '../core/validate.js';

/** Runs a parse; an expected failure becomes data for the reducer to raise in its turn. */
function parsing<T>(parse: (warnings: TppMessage[]) => T): Parsed<T> {
  const warnings: TppMessage[] = [];
  try {
    return { ok: true, value: parse(warnings), warnings };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}

function notJson(error: unknown) {
  return apiError('FORMAT_ERROR', `body is not valid JSON: ${(error as Error).message}`);
}

/**
 * The request's JSON body. Keys such as `__proto__` are removed at once, wherever they are, and told
 * in `messages` as dropped fields: nothing later can store them or reach a prototype with them.
 */
function parseJsonBody(request: EngineRequest, messages: TppMessage[]): unknown {
  const large = request.largeJson;
  // A large body's text is not made to be sniffed: its bytes say what it starts with.
  const text = large === undefined ? request.bodyText : null;
  const lead = large?.lead ?? (text ?? '').trimStart().charAt(0);
  if (lead === '') return undefined;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const looksXml = /\bxml\b/.test(type) || lead === '<';
  if (looksXml) {
    throw apiError(
      'FORMAT_ERROR',
      'XML is not supported (part 1): send the body as JSON with Content-Type: application/json',
      { status: 415 },
    );
  }
  if (type !== '' && !/^application\/([\w.+-]*\+)?json\b/.test(type)) {
    throw apiError(
      'FORMAT_ERROR',
      `Content-Type ${type.slice(0, 80)} is not supported: send application/json`,
      {
        status: 415,
      },
    );
  }
  let body: unknown;
  let source = text ?? '';
  try {
    body = large === undefined ? JSON.parse(source) : large.parse();
  } catch (error) {
    if (large === undefined) throw notJson(error);
    // The parser's words (a position, a character) are those of the text as it was sent.
    source = large.exact();
    try {
      body = JSON.parse(source);
    } catch (exactError) {
      throw notJson(exactError);
    }
  }
  // One walk checks characters (or only the depth, when the text shows every character is accepted)
  // and says whether a prototype key occurs at all; the walk that drops them runs only then.
  const accepted = request.largeJson?.accepted ?? jsonTextIsAccepted(source);
  if (assertAcceptedJson(body, accepted, PROTOTYPE_KEYS)) {
    for (const path of dropPrototypeKeys(body)) messages.push(droppedFieldWarning(path));
  }
  return body;
}

function parseFormBody(request: EngineRequest): Record<string, string[]> {
  // No prototype: a field named `__proto__` is an ordinary key, never the object's prototype.
  const fields: Record<string, string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(request.bodyText ?? '')) {
    assertAcceptedText(value, key);
    const values = fields[key] ?? [];
    values.push(value);
    fields[key] = values;
  }
  return fields;
}

/**
 * The body as the route's service reads it: JSON on the API and the control plane (none where the
 * contract disregards it, part 4.2 item 12), form fields on a page post.
 */
export function parseBody(route: Route, request: EngineRequest): Parsed<unknown> {
  return parsing((warnings) => {
    if (route.service === 'page') return request.method === 'POST' ? parseFormBody(request) : undefined;
    if (isApiService(route.service) && route.bodyDisregarded) return undefined;
    return parseJsonBody(request, warnings);
  });
}

/** The query through the route's schema, once (the operation reads the typed result). */
export function parseQuery(route: Route, request: EngineRequest): Parsed<unknown> {
  const schema = route.query;
  return parsing(() => (schema ? parseWith(schema, singleQuery(request.query), 'query') : undefined));
}
