import { ApiError, apiError, type ErrorCode, toErrorWebResponse } from '@sandbank/engine';
import { decodeBody, readBody } from '@sandbank/engine/internal';

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
  let text: string;
  try {
    // The engine's own reader: streamed, stopped at the limit (declared or as it arrives), so a body too
    // large is never held whole. Anonymous creators reach this without any token, and a Worker has 128 MB.
    const bytes = await readBody(request, maxBytes);
    text = bytes === null ? '' : decodeBody(bytes);
  } catch (error) {
    if (error instanceof ApiError) return { error: toErrorWebResponse(error) };
    throw error;
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
