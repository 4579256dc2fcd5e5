import { ApiError, ERROR_STATUSES, tppMessage } from '../core/errors.js';
import { type EngineResponse, errorBody, json } from '../core/http.js';
import { toWebResponse } from './transport.js';

/** Where the gateway reports programmer errors (default `console.error`); the reducer never logs. */
export type Logger = (message: string, error: unknown) => void;

export const consoleLogger: Logger = (message, error) => console.error(message, error);

/**
 * The one function that turns a failure into an answer, on every path: before the reducer (body
 * limits, decoding, routing), inside it, after it (persisting, response signing, serialising), in the
 * Node adapter and in the service worker. An expected failure (ApiError) answers its tppMessages with
 * the status the error table gave it; anything else is a bug in the engine: one 500 SYSTEM_ERROR,
 * logged, the state untouched (STYLE.md convention 3).
 */
export function toErrorResponse(
  error: unknown,
  requestId?: string,
  log: Logger = consoleLogger,
): EngineResponse {
  const headers: Record<string, string> = requestId === undefined ? {} : { 'x-request-id': requestId };
  if (error instanceof ApiError) {
    return json(error.status, errorBody(error.messages), { ...error.headers, ...headers });
  }
  log('[sandbank] unexpected error', error);
  return json(
    ERROR_STATUSES.SYSTEM_ERROR[0],
    errorBody([
      tppMessage(
        'ERROR',
        'SYSTEM_ERROR',
        'an unexpected error occurred in the sandbox; the state was left unchanged',
      ),
    ]),
    headers,
  );
}

/** toErrorResponse as a web Response, for adapters (the Node server, the service worker). */
export function toErrorWebResponse(
  error: unknown,
  requestId?: string,
  log: Logger = consoleLogger,
): Response {
  return toWebResponse(toErrorResponse(error, requestId, log));
}
