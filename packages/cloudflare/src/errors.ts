import { ERROR_STATUSES, type ErrorCode } from '@sandbank/engine';

// The hosted mode's own answers (directory, routing, tokens) in the engine's error shape: tppMessages
// with a part 7 code (or a Berlin Group one of the engine's table) and the status the table gives it.

export interface ErrorOptions {
  status?: number;
  path?: string;
  headers?: Record<string, string>;
}

const TEXT_LIMIT = 500;

export function errorResponse(code: ErrorCode, text: string, options: ErrorOptions = {}): Response {
  const status = options.status ?? ERROR_STATUSES[code][0];
  const message: Record<string, string> = {
    category: 'ERROR',
    code,
    text: text.length <= TEXT_LIMIT ? text : `${text.slice(0, TEXT_LIMIT - 1)}…`,
  };
  if (options.path !== undefined) message.path = options.path;
  return json(status, { tppMessages: [message] }, options.headers);
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A JSON body of at most `maxBytes`, or the error answer that says what is wrong with it. */
export async function readJson(
  request: Request,
  maxBytes = 64 * 1024,
): Promise<{ body: unknown } | { error: Response }> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const text = await request.text();
  if (text.length > maxBytes) {
    return {
      error: errorResponse('FORMAT_ERROR', `the body is larger than ${maxBytes} bytes`, { status: 413 }),
    };
  }
  if (text.trim() === '') return { body: undefined };
  if (type !== '' && !/^application\/([\w.+-]*\+)?json\b/.test(type)) {
    return {
      error: errorResponse(
        'FORMAT_ERROR',
        `Content-Type ${type.slice(0, 80)} is not supported: send application/json`,
        {
          status: 415,
        },
      ),
    };
  }
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return {
      error: errorResponse('FORMAT_ERROR', `the body is not valid JSON: ${(error as Error).message}`),
    };
  }
}
