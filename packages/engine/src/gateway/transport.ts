import { childPath } from '../core/charset.js';
import { apiError } from '../core/errors.js';
import type { EngineRequest, EngineResponse } from '../core/http.js';
import { writeJsonBytes } from '../core/written-json.js';
import { MAX_TEXT_LENGTH } from './json-text.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The control plane's default limit, where a whole state is imported: the longest body that can be
 * decoded into a string (MAX_TEXT_LENGTH, just under 512 MiB). No limit goes beyond it: a larger body
 * is 413, as any body over the limit, never a 500 from a string too long to make.
 */
export const DEFAULT_MAX_CONTROL_BODY_BYTES = MAX_TEXT_LENGTH;

/** A configured limit as the engine can honour it. */
export function bodyLimit(maxBytes: number): number {
  return Math.min(maxBytes, MAX_TEXT_LENGTH);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder('utf-8', { fatal: false });

/** The first JSON field whose string holds a replacement character, to name it in the error. */
function fieldWithReplacement(text: string): string | null {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return null;
  }
  const stack: Array<[unknown, string]> = [[root, 'body']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string' && value.includes('\uFFFD')) return path;
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        stack.push([item, childPath(path, Array.isArray(value) ? `[${key}]` : key)]);
      }
    }
  }
  return null;
}

/** part 1: UTF-8 only. Invalid bytes are a 400 naming the field they sit in, when it can be found. */
export function decodeBody(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    const field = fieldWithReplacement(lenient.decode(bytes));
    const where = field === null ? 'the body' : field;
    throw apiError(
      'FORMAT_ERROR',
      `${where} is not valid UTF-8: requests must be encoded as UTF-8 (part 1)`,
      {
        ...(field === null ? {} : { path: field }),
      },
    );
  }
}

/** A body nobody parses (part 4.2 item 12), as text for the request log: invalid bytes become U+FFFD. */
export function decodeBodyLeniently(bytes: Uint8Array): string {
  return lenient.decode(bytes);
}

/** A body as it arrived: its chunks, in order, and their total size in bytes. */
export interface BodyChunks {
  chunks: readonly Uint8Array[];
  size: number;
}

/**
 * The body's chunks, read from its stream: reading stops as soon as the limit is passed (a body too
 * large is never held whole). `arrayBuffer()` copied every body once more, which for an import of
 * 1 000 000 transactions (334 MB) cost about as much CPU as parsing it (docs/benchmarks.md, "The
 * import"); a large control-plane body is not even joined (json-chunks.ts `largeJsonOf`).
 */
export async function readBodyChunks(request: Request, limit: number): Promise<BodyChunks | null> {
  if (request.body === null) return null;
  const maxBytes = bodyLimit(limit);
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  // The reader keeps its lock: the body is read to its end or cancelled, and nothing reads it again.
  // Releasing it made Node create its two "reader released" errors (once a process) and read their
  // stacks, which, where source maps are on (tsx, `--enable-source-maps`), parsed the source map of the
  // engine's largest chunk before the first answer to a request with a body: 50–80 ms.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return size === 0 ? null : { chunks, size };
}

/** The chunks as one array of bytes: the chunk itself where the body came as one (a string or bytes handed to `new Request`). */
export function joinChunks({ chunks, size }: BodyChunks): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body's bytes (readBodyChunks, joined), or null for none. */
export async function readBody(request: Request, limit: number): Promise<Uint8Array | null> {
  const body = await readBodyChunks(request, limit);
  return body === null ? null : joinChunks(body);
}

function tooLarge(maxBytes: number) {
  return apiError('FORMAT_ERROR', `the body is larger than the sandbox's limit of ${maxBytes} bytes`, {
    status: 413,
  });
}

export function toEngineRequest(
  request: Request,
  url: URL,
  bodyText: string | null,
  largeJson?: EngineRequest['largeJson'],
): EngineRequest {
  const headers: Record<string, string> = {};
  // Iterated, not `forEach`: Chromium calls a forEach callback from native code per header, which
  // cost a signed request in the service worker 8-12 us against 4 us (docs/benchmarks.md, session 7).
  for (const [name, value] of request.headers) headers[name] = value;
  const query: Record<string, string[]> = {};
  // Most reads have no query: `searchParams` would make (and keep on the URL) a parser for nothing.
  if (url.search !== '') {
    for (const [key, value] of url.searchParams) {
      const values = query[key] ?? [];
      values.push(value);
      query[key] = values;
    }
  }
  const engineRequest: EngineRequest = {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query,
    headers,
    bodyText,
  };
  if (largeJson !== undefined) {
    engineRequest.largeJson = largeJson;
    // The text is made only if read: the body's value is parsed from its chunks (json-chunks.ts).
    Object.defineProperty(engineRequest, 'bodyText', { get: largeJson.text, enumerable: true });
  }
  return engineRequest;
}

/** An answer's wire form, serialised once: status, headers with the content type, the body. */
export interface WireResponse {
  status: number;
  /** As the engine wrote them, the content type set: handed to `Response` as they are (one copy, by undici). */
  headers: Record<string, string>;
  /** Text, or the UTF-8 bytes of an answer written from parts (core/written-json.ts). */
  body: string | Uint8Array<ArrayBuffer> | null;
}

/** The answer's headers with its content type, replacing one the operation set in any spelling. */
function withContentType(headers: Record<string, string>, contentType: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) if (name.toLowerCase() !== 'content-type') out[name] = headers[name] as string;
  out['content-type'] = contentType;
  return out;
}

export function serialise(response: EngineResponse): WireResponse {
  if (response.html !== undefined) {
    const headers = withContentType(response.headers, 'text/html; charset=utf-8');
    return { status: response.status, headers, body: response.html };
  }
  if (response.json !== undefined) {
    const headers = withContentType(response.headers, 'application/json; charset=utf-8');
    const body = response.written === true ? writeJsonBytes(response.json) : JSON.stringify(response.json);
    return { status: response.status, headers, body };
  }
  return { status: response.status, headers: response.headers, body: null };
}

/**
 * The runtime's own `Response`, as it was when the engine loaded. MSW's `setupServer`, while it
 * listens, replaces `globalThis.Response` with a Proxy whose construct trap records every header's
 * raw spelling (for Node's `http` module, which the engine's answers never pass through); in a test
 * suite that mocks other hosts with MSW beside the sandbox, every answer paid for it (about 20 µs a
 * signed GET, docs/decisions/native-response.md). Anything else that replaced the global is used as
 * it is, so an answer is always an instance of the `Response` the caller sees.
 */
const NativeResponse = globalThis.Response;

/** A web Response made with the runtime's own constructor where the global still wraps it. */
export function webResponse(body: BodyInit | null, init: ResponseInit): Response {
  const current = globalThis.Response;
  // A runtime that had no Response when the engine loaded (a polyfill installed later) uses the global.
  const native = typeof NativeResponse === 'function' ? NativeResponse : null;
  if (native !== null && (current === native || current.prototype === native.prototype)) {
    return new native(body, init);
  }
  return new current(body, init);
}

export function toWebResponse(response: EngineResponse): Response {
  const { status, headers, body } = serialise(response);
  return webResponse(body, { status, headers });
}
