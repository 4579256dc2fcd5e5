import { apiError, type ErrorCode, toErrorWebResponse } from '@sandbank/engine';

// The hosted mode's own answers (directory, routing, tokens) in the engine's error shape: tppMessages
// with a part 7 code of the engine's table and the status the table gives it.

export interface ErrorOptions {
  status?: number;
  path?: string;
  headers?: Record<string, string>;
}

const TEXT_LIMIT = 500;

export function errorResponse(code: ErrorCode, text: string, options: ErrorOptions = {}): Response {
  // The engine's one error answer (toErrorResponse), so a hosted bank's own refusals look like the bank's.
  const short = text.length <= TEXT_LIMIT ? text : `${text.slice(0, TEXT_LIMIT - 1)}…`;
  const error = apiError(code, short, {
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.status === undefined ? {} : { status: options.status as never }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  return toErrorWebResponse(error);
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(maxBytes: number): { error: Response } {
  return {
    error: errorResponse('FORMAT_ERROR', `the body is larger than ${maxBytes} bytes`, { status: 413 }),
  };
}

/**
 * The body's bytes, read from its stream until it passes `maxBytes` (null then): a body too large is
 * never held whole, and one that never ends is answered all the same. Anonymous creators reach this
 * without any token, and a Worker has 128 MB.
 */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * A JSON body of at most `maxBytes` bytes, or the error answer that says what is wrong with it: 413
 * past the limit (declared or as it arrives), 400 for bytes that are not UTF-8 (part 1) or text that
 * is not JSON. The directory is not the bank's API: a JSON body is taken whatever its Content-Type
 * (curl's `-d` sends application/x-www-form-urlencoded).
 */
export async function readJson(
  request: Request,
  maxBytes = 64 * 1024,
): Promise<{ body: unknown } | { error: Response }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return tooLarge(maxBytes);
  const bytes = request.body === null ? new Uint8Array(0) : await readCapped(request.body, maxBytes);
  if (bytes === null) return tooLarge(maxBytes);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return {
      error: errorResponse(
        'FORMAT_ERROR',
        'the body is not valid UTF-8: requests must be encoded as UTF-8 (part 1)',
      ),
    };
  }
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return {
      error: errorResponse(
        'FORMAT_ERROR',
        `the body is not valid JSON (send application/json): ${(error as Error).message}`,
      ),
    };
  }
}
