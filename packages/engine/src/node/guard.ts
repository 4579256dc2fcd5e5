import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, apiError, type StatusOf } from '../core/errors.js';
import { parseMount, pathBelow } from '../core/mount.js';
import { type ControlAccess, controlRefusal, isControlPath } from '../gateway/control-owner.js';
import { toErrorResponse, toErrorWebResponse } from '../gateway/error-response.js';
import {
  BANK_METHODS,
  checkMethod,
  checkServedHost,
  checkTarget,
  isLoopbackName,
  parseHost,
} from '../gateway/http-rules.js';
import { keepSentTarget } from '../gateway/sent-target.js';
import { bodyLimit, DEFAULT_MAX_CONTROL_BODY_BYTES } from '../gateway/transport.js';

// The Node adapter trusts nothing from the wire (docs/security.md, "The HTTP adapter"): the request
// line and Host are checked before a web Request exists, the origin of links is configuration, and
// the control plane answers its owner only.

export interface GuardOptions {
  /** Where links point: `--public-url` (origin and optional prefix), else the bound address's URL. */
  publicUrl: string;
  /** Host names served besides loopback names: the bound address, the public URL's host. */
  servedHosts: ReadonlySet<string>;
  control: ControlAccess;
  /** Largest API body (default 1 MiB) and control body (default and at most 2^29 - 24 bytes): 413 beyond. */
  maxBodyBytes?: number;
  maxControlBodyBytes?: number;
}

export const DEFAULT_MAX_BODY = 1024 * 1024;
/** Just under 512 MiB: the longest body that decodes into a string (gateway/transport.ts). */
export const DEFAULT_MAX_CONTROL_BODY = DEFAULT_MAX_CONTROL_BODY_BYTES;

/** An ApiError as the HTTP answer the engine would give. */
export function refusalResponse(error: ApiError): Response {
  return toErrorWebResponse(error);
}

function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && isLoopbackName(address.replace(/^::ffff:/i, ''));
}

function tooLarge(maxBytes: number): ApiError {
  return apiError('FORMAT_ERROR', `the body is larger than the sandbox's limit of ${maxBytes} bytes`, {
    status: 413,
  });
}

export async function readLimited(req: IncomingMessage, maxBytes: number): Promise<Uint8Array[] | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 0 ? null : chunks;
}

/**
 * A body's chunks as they came off the socket, as a web Request's body. Joined into one array of
 * bytes, the body was copied twice more before the engine read it (`Buffer.concat`, and undici's copy
 * of a byte body, which the fetch standard asks for): for an import of 1 000 000 transactions, two
 * copies of 334 MB (docs/benchmarks.md, "Session 19"). The engine reads the chunks as they are.
 */
export function webRequestWithChunks(
  url: URL,
  init: RequestInit,
  chunks: readonly Uint8Array[] | null,
): Request {
  if (chunks === null) return new Request(url, { ...init, body: null });
  // `ReadableStream.from` (Node 20.6) is not in the DOM types this package compiles against.
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Request(url, { ...init, body, duplex: 'half' } as RequestInit);
}

/**
 * What Node made of an HTTP/1.1 request's `Expect`: nothing asked, `100-continue` (the client waits
 * for `writeContinue` before it sends the body), or an expectation the server cannot meet (417).
 */
export type Expectation =
  | { kind: 'none' }
  | { kind: 'continue'; writeContinue: () => void }
  | { kind: 'unmet' };

/**
 * The node request as a web Request on the configured origin, or the refusal to answer instead.
 * Throws nothing for anything a client can send.
 */
export async function guardRequest(
  req: IncomingMessage,
  options: GuardOptions,
  expectation: Expectation = { kind: 'none' },
): Promise<Request | ApiError> {
  const method = req.method ?? 'GET';
  const methodRefusal = checkMethod(method);
  if (methodRefusal !== null) return methodRefusal;
  const target = checkTarget(req.url ?? '');
  if (target instanceof ApiError) return target;
  const hostHeaders = req.rawHeaders.filter((_, i) => i % 2 === 0 && /^host$/i.test(req.rawHeaders[i] ?? ''));
  if (hostHeaders.length > 1)
    return apiError('BAD_REQUEST', 'the request has more than one Host header', { path: 'Host' });
  // RFC 9112 section 3.2.2: an absolute-form target's authority replaces Host.
  const hostText = target.authority ?? req.headers.host;
  const host = parseHost(hostText);
  if (host instanceof ApiError) return host;
  const served = checkServedHost(host, options.servedHosts);
  if (served !== null) return served;
  const mount = parseMount(options.publicUrl);
  const origin = mount.origin ?? new URL(options.publicUrl).origin;
  const below = pathBelow(mount, target.path);
  const control = below !== null && isControlPath(below);
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  if (control) {
    const ownOrigins = [origin, `http://${(hostText ?? '').trim().toLowerCase()}`];
    const refusal = controlRefusal({ method, headers, ownOrigins }, options.control);
    if (refusal !== null) return refusal;
    // Open (loopback) access: loopback callers that name a loopback host only.
    if (
      options.control.kind === 'open' &&
      !(isLoopbackName(host.hostname) && isLoopbackAddress(req.socket.remoteAddress))
    ) {
      return apiError(
        'FORBIDDEN',
        'the control plane answers loopback callers that call it by a loopback name',
      );
    }
  }
  if (expectation.kind === 'unmet') {
    const expect = String(req.headers.expect ?? '').slice(0, 100);
    return apiError('BAD_REQUEST', `the server cannot meet Expect: ${expect}; it knows 100-continue only`, {
      status: 417,
      path: 'Expect',
    });
  }
  const upper = method.toUpperCase();
  let body: Uint8Array[] | null = null;
  if (upper !== 'GET' && upper !== 'HEAD') {
    const limit = bodyLimit(
      control
        ? (options.maxControlBodyBytes ?? DEFAULT_MAX_CONTROL_BODY)
        : (options.maxBodyBytes ?? DEFAULT_MAX_BODY),
    );
    // Refused on its declared length before a byte is read (and before 100 Continue asks for it).
    if (Number(req.headers['content-length'] ?? 0) > limit) return tooLarge(limit);
    if (expectation.kind === 'continue') expectation.writeContinue();
    try {
      body = await readLimited(req, limit);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  }
  // The URL parser re-encodes some characters (a `'` in the query becomes `%27`): the signature is
  // checked against the path and query as they came off the wire (gateway/sent-target.ts).
  const sent = `${target.path}${target.search}`;
  const request = webRequestWithChunks(
    new URL(sent, origin),
    { method: upper, headers, redirect: 'manual' },
    body,
  );
  return keepSentTarget(request, sent);
}

/** Node's refusals before a request reaches the handler: each as the status it means, with a JSON body. */
function clientErrorAnswer(code: string | undefined): [StatusOf<'BAD_REQUEST'>, string, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'Request Header Fields Too Large',
        'the request headers are larger than the server accepts (16 KiB)',
      ];
    // Node's parser knows the standard methods only: any other (FOO) is refused here, as the guard does.
    case 'HPE_INVALID_METHOD':
      return [
        405,
        'Method Not Allowed',
        `the request's method is not one this bank serves; allowed: ${BANK_METHODS.join(', ')}`,
      ];
    // Node (18 and later) reports both headersTimeout and requestTimeout with this code.
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', 'the request was not received in time; send it again'];
    default:
      return [400, 'Bad Request', `the request is not valid HTTP/1.1 (${code ?? 'parse error'})`];
  }
}

/**
 * Node's own refusals (oversized headers, broken request lines, a request not received in time)
 * answered with a JSON body, then the connection closes. createSandboxServer calls it once the answers
 * to the requests before the refused bytes are written (pipelining, server.ts). Nothing is written once
 * an answer on this connection has begun (its bytes would corrupt it): the connection is dropped instead.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const [status, reason, text] = clientErrorAnswer(error.code);
  const allow = status === 405 ? `allow: ${BANK_METHODS.join(', ')}\r\n` : '';
  // The engine's one error answer (toErrorResponse), written by hand: Node hands no response object here.
  const answer = toErrorResponse(apiError('BAD_REQUEST', text, { status }));
  const body = JSON.stringify(answer.json);
  const written =
    `HTTP/1.1 ${status} ${reason}\r\n${allow}` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
  // A timed-out client may never close its side: the connection is dropped once the answer is out,
  // so the request waiting for its body ends (server.ts treats it as the client's doing).
  if (status === 408) socket.end(written, () => socket.destroy());
  else socket.end(written);
}

/** Without configuration: the address the connection came in on, control open to loopback callers. */
export function localGuard(req: IncomingMessage): GuardOptions {
  const address = req.socket.localAddress?.replace(/^::ffff:/i, '') ?? '127.0.0.1';
  const shown = address.includes(':') ? `[${address}]` : address;
  return {
    publicUrl: `http://${shown}:${req.socket.localPort ?? 80}`,
    servedHosts: new Set([address.toLowerCase()]),
    control: { kind: 'open' },
  };
}
