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
import type { Sandbox } from '../sandbox.js';
import {
  answerClientError,
  type Expectation,
  type GuardOptions,
  guardRequest,
  localGuard,
  refusalResponse,
} from './guard.js';
import { trackConnections } from './shutdown.js';

export const DEFAULT_PORT = 8731;
export const DEFAULT_HOST = '127.0.0.1';

async function readBytes(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return null;
  const all = Buffer.concat(chunks);
  const bytes = new Uint8Array(all.byteLength);
  bytes.set(all);
  return bytes;
}

/** A node request as a web Request, with the body bytes exactly as received (part 5.1: Digest). */
export async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? null : await readBytes(req);
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body, redirect: 'manual' });
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
export function createSandboxServer(
  sandbox: Sandbox,
  guard?: GuardOptions,
  timeouts: ServerTimeouts = {},
): Server {
  const handle = (req: IncomingMessage, res: ServerResponse, expectation?: Expectation) => {
    exchange(req, res);
    guardRequest(req, guard ?? localGuard(req), expectation)
      .then((request) => {
        if (!(request instanceof ApiError)) return sandbox.fetch(request);
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
  server.on('clientError', answerClientError);
  // CONNECT is not a request Node hands to the handler: it would drop the connection without a word.
  server.on('connect', (_req, socket: Socket) =>
    answerClientError(Object.assign(new Error('CONNECT'), { code: 'HPE_INVALID_METHOD' }), socket),
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
