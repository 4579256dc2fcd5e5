/**
 * Turns whatever a page passed to `fetch` into a Request of the runtime the engine runs in.
 *
 * In Vitest's jsdom environment the test's globals and Node's internals are different realms:
 * `new Uint8Array()` in a test is not an instance of the Uint8Array undici checks for, jsdom's
 * Blob, FormData and URLSearchParams are not the ones undici knows, and a relative URL has no base
 * for Node's Request. Bodies are therefore read into plain strings or freshly copied bytes, and
 * types are recognised by their tag (`Object.prototype.toString`) instead of `instanceof`.
 */

type Body = string | Uint8Array<ArrayBuffer> | FormData | null;

export interface NormalisedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: Body;
  signal: AbortSignal | null;
}

function tagOf(value: unknown): string {
  return Object.prototype.toString.call(value).slice(8, -1);
}

function copyBytes(view: ArrayBufferView | ArrayBufferLike): Uint8Array<ArrayBuffer> {
  const source = ArrayBuffer.isView(view)
    ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength)
    : new Uint8Array(view);
  const copy = new Uint8Array(source.byteLength);
  copy.set(source);
  return copy;
}

interface BlobLike {
  type: string;
  arrayBuffer?: () => Promise<ArrayBuffer>;
}

function isBlobLike(value: unknown): value is BlobLike {
  const tag = tagOf(value);
  return tag === 'Blob' || tag === 'File';
}

/** jsdom's Blob has no `arrayBuffer()`; its FileReader reads it. */
async function readBlob(blob: BlobLike): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof blob.arrayBuffer === 'function') return copyBytes(await blob.arrayBuffer());
  const Reader = (globalThis as { FileReader?: typeof FileReader }).FileReader;
  if (Reader === undefined) throw new TypeError('[sandbank] cannot read this Blob body');
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new Reader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob as Blob);
  });
  return copyBytes(buffer);
}

async function readStream(stream: ReadableStream<unknown>): Promise<Uint8Array<ArrayBuffer>> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk =
      typeof value === 'string' ? new TextEncoder().encode(value) : copyBytes(value as ArrayBufferView);
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function normaliseBody(body: unknown, headers: Headers): Promise<Body> {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return body;
  const tag = tagOf(body);
  if (ArrayBuffer.isView(body)) return copyBytes(body);
  if (tag === 'ArrayBuffer' || tag === 'SharedArrayBuffer') return copyBytes(body as ArrayBufferLike);
  if (tag === 'URLSearchParams') {
    if (!headers.has('content-type')) {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
    return String(body);
  }
  if (isBlobLike(body)) {
    if (body.type !== '' && !headers.has('content-type')) headers.set('content-type', body.type);
    return readBlob(body);
  }
  if (tag === 'FormData') {
    const form = new FormData();
    for (const [name, value] of body as Iterable<[string, unknown]>) {
      if (isBlobLike(value)) {
        const file = value as BlobLike & { name?: string };
        form.append(name, new Blob([await readBlob(file)], { type: file.type }), file.name ?? 'blob');
      } else {
        form.append(name, String(value));
      }
    }
    return form;
  }
  if (tag === 'ReadableStream') return readStream(body as ReadableStream<unknown>);
  return String(body);
}

interface RequestLike {
  url: string;
  method: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  body: unknown;
  signal?: AbortSignal;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function isRequestLike(value: unknown): value is RequestLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RequestLike).url === 'string' &&
    typeof (value as RequestLike).method === 'string' &&
    typeof (value as RequestLike).arrayBuffer === 'function'
  );
}

/** The URL a fetch call targets, resolved against the page's location when there is one. */
export function targetUrl(input: unknown, base: string | undefined): URL | null {
  const raw = isRequestLike(input) ? input.url : String(input);
  try {
    return base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
}

export async function normaliseRequest(
  input: unknown,
  init: RequestInit | undefined,
  url: URL,
): Promise<NormalisedRequest> {
  let headers = new Headers();
  let method = 'GET';
  let body: Body = null;
  let signal: AbortSignal | null = null;
  if (isRequestLike(input)) {
    method = input.method;
    input.headers.forEach((value, name) => {
      headers.set(name, value);
    });
    if (input.body !== null && input.body !== undefined) body = copyBytes(await input.arrayBuffer());
    signal = input.signal ?? null;
  }
  if (init !== undefined) {
    if (init.method !== undefined) method = init.method;
    if (init.headers !== undefined) {
      headers = new Headers();
      const entries: Iterable<[string, string]> =
        Array.isArray(init.headers) || Symbol.iterator in Object(init.headers)
          ? (init.headers as Iterable<[string, string]>)
          : Object.entries(init.headers as Record<string, string>);
      for (const [name, value] of entries) headers.append(name, value);
    }
    if (init.body !== undefined) body = await normaliseBody(init.body, headers);
    if (init.signal !== undefined) signal = init.signal;
  }
  return { url, method: method.toUpperCase(), headers, body, signal };
}

export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** A Request of this runtime's own realm, which the engine reads. */
export function toRuntimeRequest(request: NormalisedRequest): Request {
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(request.url.href, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: request.body } : {}),
  });
}
