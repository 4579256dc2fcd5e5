import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ApiError } from '../core/errors.js';
import { toErrorWebResponse } from '../gateway/error-response.js';
import { keepSentTarget } from '../gateway/sent-target.js';
import type { Sandbox } from '../sandbox.js';
import {
  answerClientError,
  type Expectation,
  type GuardOptions,
  guardRequest,
  localGuard,
  readLimited,
  refusalResponse,
  webRequestWithChunks,
} from './guard.js';
import { trackConnections } from './shutdown.js';

export const DEFAULT_PORT = 8731;
export const DEFAULT_HOST = '127.0.0.1';

/**
 * A node request as a web Request, with the body bytes exactly as received (part 5.1: Digest) and,
 * for a request line in origin form, the path and query as sent, which `(request-target)` signs
 * (gateway/sent-target.ts): the URL parser re-encodes some of their characters.
 */
export async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const body =
    method === 'GET' || method === 'HEAD' ? null : await readLimited(req, Number.POSITIVE_INFINITY);
  const sent = req.url ?? '/';
  const request = webRequestWithChunks(new URL(sent, origin), { method, headers, redirect: 'manual' }, body);
  return sent.startsWith('/') ? keepSentTarget(request, sent) : request;
}

export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = new Uint8Array(await response.arrayBuffer());
  res.writeHead(response.status, { ...headers, 'content-length': String(body.byteLength) });
  res.end(body);
}

/** Node's limits on a slow client (http.createServer's options; Node's defaults when left out). */
export type ServerTimeouts = Pick<
  ServerOptions,
  'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'
>;

/**
 * A node HTTP server answering every request from the sandbox, after the adapter's checks (guard.ts);
 * without `guard`, links point at the address each connection came in on and the control plane is
 * open to loopback callers only. A request not received within Node's timeouts is 408.
 */
/** For a promise whose outcome only orders what comes after it. */
const settled = (): void => undefined;

export function createSandboxServer(
  sandbox: Sandbox,
  guard?: GuardOptions,
  timeouts: ServerTimeouts = {},
): Server {
  // Each connection's requests whose answers are not yet out, in the order they came (HTTP/1.1
  // pipelining): Node writes the answers in that order.
  const answering = new WeakMap<Socket, Array<{ req: IncomingMessage; res: ServerResponse }>>();
  // Each connection's last request handed to the bank, settled once the bank has answered it: the
  // next waits for it, so pipelined requests reach the bank in the order sent (RFC 9112 section 9.3.2).
  // Without it, a request with a body (read first) was overtaken by a body-less one behind it.
  const applied = new WeakMap<Socket, Promise<void>>();
  const handle = (req: IncomingMessage, res: ServerResponse, expectation?: Expectation) => {
    exchange(req, res);
    const pending = answering.get(req.socket) ?? [];
    answering.set(req.socket, pending);
    const entry = { req, res };
    pending.push(entry);
    res.once('close', () => pending.splice(pending.indexOf(entry), 1));
    const before = applied.get(req.socket);
    const bank = guardRequest(req, guard ?? localGuard(req), expectation).then(async (request) => {
      if (request instanceof ApiError) return request;
      if (before !== undefined) await before;
      return sandbox.fetch(request);
    });
    applied.set(req.socket, bank.then(settled, settled));
    bank
      .then((request) => {
        if (!(request instanceof ApiError)) return request;
        // A refused request's unread body is not drained: the connection closes after the answer.
        if (!req.complete) res.setHeader('connection', 'close');
        return refusalResponse(request);
      })
      // An injected network failure (Response.error(), docs/faults.md): the connection is reset.
      .then((response) =>
        response.type === 'error' ? void req.socket.resetAndDestroy() : writeWebResponse(response, res),
      )
      // The request could not be read or the answer not written: one answer, made where every other is.
      .catch((error: unknown) => {
        // The client went before its request was read (an aborted upload, or a request Node timed out
        // and answered 408): its doing, not the engine's, and there is no one left to answer.
        if (!req.complete && (req.destroyed || req.socket.destroyed)) return void res.destroy();
        if (res.headersSent) return void res.end();
        const requestId = req.headers['x-request-id']?.toString();
        writeWebResponse(toErrorWebResponse(error, requestId), res).catch(() => res.destroy());
      });
  };
  // Host is checked by the guard (a JSON 400), not by Node (a bare 400).
  const server: Server = createServer({ ...timeouts, requireHostHeader: false }, (req, res) =>
    handle(req, res),
  );
  // Expect is the guard's too (Node would answer 100 Continue, or a bare 417, before any check): 100
  // Continue once the request passed every check and its declared length is within the limit.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) =>
    handle(req, res, { kind: 'continue', writeContinue: () => res.writeContinue() }),
  );
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    handle(req, res, { kind: 'unmet' }),
  );
  // For shutdown() (shutdown.ts): which connections are answering, which are idle or still arriving.
  const exchange = trackConnections(server);
  // HTTP/1.1 pipelining: bytes Node cannot parse after a request are refused once the answers to the
  // requests received whole before them are written. Refused at once, the refusal would take the place
  // of an answer still being made (of a request that may have changed the bank), and the connection
  // would close before it. A request still arriving (a timed-out body, a broken chunk) is the one
  // refused: its own answer is not waited for. The parser reports each later chunk too: one refusal
  // per connection waits.
  const waiting = new WeakSet<Socket>();
  const refuse = (error: Error & { code?: string }, socket: Socket) => {
    if (waiting.has(socket)) return;
    const owed = answering.get(socket)?.findLast(({ req }) => req.complete)?.res;
    if (owed === undefined) return answerClientError(error, socket);
    waiting.add(socket);
    owed.once('close', () => {
      waiting.delete(socket);
      answerClientError(error, socket);
    });
  };
  server.on('clientError', refuse);
  // CONNECT is not a request Node hands to the handler: it would drop the connection without a word.
  server.on('connect', (_req, socket: Socket) =>
    refuse(Object.assign(new Error('CONNECT'), { code: 'HPE_INVALID_METHOD' }), socket),
  );
  return server;
}

export interface ListenOptions {
  port?: number;
  host?: string;
}

/** Starts the server and resolves with its URL once it listens (port 0 picks a free port). */
export function listen(server: Server, options: ListenOptions = {}): Promise<string> {
  const host = options.host ?? DEFAULT_HOST;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      const { port } = server.address() as AddressInfo;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve(`http://${shown}:${port}`);
    });
  });
}
