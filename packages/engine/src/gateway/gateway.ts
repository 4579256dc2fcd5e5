import type { Patch } from 'immer';
import type { AcceptFixDefaults, Profile } from '../core/context.js';
import { addJarCookies, type CookieJar, keepJarCookies } from '../core/cookie-jar.js';
import { ApiError, apiError } from '../core/errors.js';
import type { HistoryReader } from '../core/history.js';
import type { EngineRequest, EngineResponse } from '../core/http.js';
import { type Mount, pathBelow } from '../core/mount.js';
import type { Reduction } from '../core/reducer.js';
import type { PathMatch, Route } from '../core/router.js';
import { CONTROL_ROOT } from '../core/router.js';
import { createSerialQueue } from '../core/serial-queue.js';
import type { State } from '../core/state.js';
import { applyFaults } from '../faults/gate.js';
import type { VerifyStep } from '../security/verify-request.js';
import type { App } from './app.js';
import { type Logger, toErrorResponse, toErrorWebResponse } from './error-response.js';
import { checkParsedRequest } from './http-rules.js';
import { largeJsonBody, largeJsonOf } from './json-chunks.js';
import type { createRequestSecurity } from './request-security.js';
import { sentTarget } from './sent-target.js';
import { decodeBody, decodeBodyLeniently, joinChunks, readBodyChunks, toEngineRequest } from './transport.js';

/** What one request did, for the request log (SandboxOptions' subscribers). */
export interface Exchange {
  request: EngineRequest;
  /** The path and query as sent (with the mount prefix). */
  target: string;
  bodyText: string | null;
  operation: string | null;
  response: EngineResponse;
  /** The bank clock when the request took its turn. */
  at: number;
  startedAt: number;
  signature: { verdict: 'verified' | 'rejected' | 'unchecked'; steps: VerifyStep[] };
  /** The commit the request made (none: null), with the state before it, for the log's changes. */
  committed: Committed | null;
}

/** A stored change: its number, the state before it and its patches. */
export interface Committed {
  seq: number;
  before: State;
  patches: Patch[];
}

/** Where the gateway keeps the bank: the state, its commits and its request log. */
export interface Ledger {
  state(): State;
  /** Stores a change (awaiting the durable store); a rejection means it was not kept. */
  commit(patches: Patch[], state: State, operation: string | null): Promise<Committed>;
  /** Reports an answered request (cheap to skip: `logging()` false means nobody listens). */
  logging(): boolean;
  log(exchange: Exchange): void;
}

export interface GatewayConfig {
  app: App;
  /** The route table the app answers (fault rules match its operation ids). */
  routes: readonly Route[];
  security: ReturnType<typeof createRequestSecurity>;
  mount: Mount;
  profile: Profile;
  /** The API's base path below the mount. */
  basePath: string;
  acceptFixDefaults: AcceptFixDefaults;
  secret?: string;
  maxBodyBytes: number;
  maxControlBodyBytes: number;
  cookieJar?: CookieJar;
  /** The clock source (epoch ms); the bank clock adds the state's offset. */
  source: () => number;
  log: Logger;
  /** The commits a restore can go back to (time travel, docs/decisions/time-travel.md). */
  history: HistoryReader;
  /** How a fault rule's delay waits (docs/faults.md). */
  sleep: (ms: number) => Promise<void>;
}

/** What the gateway learned of a request before it takes its turn (all of it, or the first failure). */
interface Received {
  request: EngineRequest;
  url: URL;
  /** The path and query as sent (with the mount prefix): what `(request-target)` signs and the log shows. */
  target: string;
  matches: readonly PathMatch[];
  bodyText: string | null;
  /** The body's bytes, for the signature check (an API route's): null for none, and for a large control-plane JSON body, which is never joined. */
  bytes: Uint8Array | null;
  /** A failure found before the reducer (outside the mount, too large, not UTF-8). */
  failure: ApiError | null;
}

/**
 * The one path of a request through the engine (docs/architecture.md): web Request → received
 * (mount, body limits, decoding, the one route match) → signature check (concurrently) → its turn
 * in the queue (one bank clock reading) → reducer → commit → cookies, log → one serialisation (and
 * signature) → web Response. Every failure on the way is answered by toErrorResponse; `fetch`
 * never rejects.
 */
export function createGateway(config: GatewayConfig, ledger: Ledger) {
  const { app, security, mount } = config;
  const queue = createSerialQueue();

  async function receive(request: Request): Promise<Received> {
    const url = new URL(request.url);
    // Routed below the mount; the signature check sees the path as it was sent.
    const below = pathBelow(mount, url.pathname);
    // A copy only when the mount changes the path (most banks sit at the root).
    let routed = url;
    if (below !== null && below !== url.pathname) {
      routed = new URL(url);
      routed.pathname = below;
    }
    let failure: ApiError | null =
      below === null
        ? apiError(
            'NOT_FOUND',
            `no operation at ${url.pathname.slice(0, 200)}: this bank is served below ${mount.prefix}`,
          )
        : null;
    const matches = config.app.match(routed.pathname);
    const route = app.routeOf(matches, request.method.toUpperCase());
    // The rules for a parsed request line (http-rules.ts): no `//` or encoded slash reaches the router.
    failure ??= checkParsedRequest(url.pathname, request.method, matches.length > 0 && route === null);
    // part 4.2 item 12: a body the contract disregards can hold anything, bytes that are not UTF-8 too.
    const disregarded = route?.bodyDisregarded === true;
    let bytes: Uint8Array | null = null;
    let bodyText: string | null = null;
    let largeJson: EngineRequest['largeJson'];
    try {
      const control = routed.pathname.startsWith(`${CONTROL_ROOT}/`);
      const body = await readBodyChunks(request, control ? config.maxControlBodyBytes : config.maxBodyBytes);
      // A large control-plane body (an import) is parsed in pieces from the chunks it came in, never
      // joined (json-chunks.ts); its whole text is made only if asked for.
      if (body !== null) {
        const json = route?.service === 'control' ? largeJsonOf(body.chunks, body.size) : null;
        if (json !== null) {
          largeJson = largeJsonBody(json, () => decodeBody(joinChunks(body)));
        } else {
          bytes = joinChunks(body);
          bodyText = disregarded ? decodeBodyLeniently(bytes) : decodeBody(bytes);
        }
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failure ??= error;
    }
    const engineRequest = toEngineRequest(request, routed, bodyText, largeJson);
    return {
      request: engineRequest,
      url,
      target: sentTarget(request, url),
      matches,
      bodyText,
      bytes,
      failure,
    };
  }

  /** Applies a received request in its turn: one bank clock reading for the reducer, the log and the signature. */
  async function apply(
    received: Received,
    tpp: Awaited<ReturnType<typeof security.check>>,
    startedAt: number,
    turn: { leave: () => void },
  ): Promise<Response> {
    const { request, url } = received;
    const requestId = request.headers['x-request-id'];
    const route = app.routeOf(received.matches, request.method);
    const page = route?.service === 'page';
    let committed: Committed | null = null;
    /** Commits a change; on a failed store, the rolled-back 500 to answer instead. */
    const store = async (patches: Patch[], next: State, operation: string | null) => {
      try {
        committed = await ledger.commit(patches, next, operation);
        return null;
      } catch (error) {
        config.log('[sandbank] persisting the change failed; it was rolled back', error);
        const failure = apiError('SYSTEM_ERROR', 'the change could not be stored and was rolled back');
        return toErrorResponse(failure, requestId, config.log);
      }
    };
    // Fault rules (src/faults/, docs/faults.md): an injected answer, a dropped request or a delay.
    const faulting =
      received.failure === null
        ? applyFaults(
            {
              state: ledger.state(),
              routes: config.routes,
              match: route === null ? null : (received.matches.find((m) => m.route === route) ?? null),
              method: request.method,
              path: request.path,
              headers: request.headers,
              tpp: tpp.tpp,
              now: config.source() + ledger.state().clock.offsetMs,
              profile: config.profile,
              basePath: config.basePath,
            },
            {
              commit: (next, patches) => store(patches, next, null),
              pause: async (ms) => {
                turn.leave();
                await config.sleep(ms);
                turn.leave = await queue.enter();
              },
            },
          )
        : null;
    const fault = faulting === null ? null : await faulting;
    committed = null;
    const sourceNow = config.source();
    const now = sourceNow + ledger.state().clock.offsetMs;
    let reduction: Pick<Reduction, 'response' | 'operation'>;
    if (received.failure !== null) {
      reduction = { response: toErrorResponse(received.failure, requestId, config.log), operation: null };
    } else if (fault?.response) {
      reduction = { response: fault.response, operation: null };
    } else {
      if (page) await addJarCookies(config.cookieJar, url.href, request.headers);
      const state = ledger.state();
      const applied = app.apply(
        state,
        request,
        {
          now,
          sourceNow,
          origin: mount.origin ?? url.origin,
          mount: mount.prefix,
          profile: config.profile,
          basePath: `${mount.prefix}${config.basePath}`,
          acceptFixDefaults: config.acceptFixDefaults,
          tpp: tpp.tpp,
          history: config.history,
          ...(config.secret === undefined ? {} : { secret: config.secret }),
        },
        received.matches,
      );
      reduction = applied;
      if (applied.patches.length > 0) {
        const failed = await store(applied.patches, applied.state, applied.operation);
        if (failed !== null) reduction = { response: failed, operation: applied.operation };
      }
      if (fault) reduction = { response: fault.mark(reduction.response), operation: reduction.operation };
    }
    const { response } = reduction;
    if (page) await keepJarCookies(config.cookieJar, url.href, response.headers);
    if (ledger.logging()) {
      ledger.log({
        request,
        target: received.target,
        bodyText: request.largeJson?.exact() ?? received.bodyText,
        operation: reduction.operation,
        response,
        at: now,
        startedAt,
        signature: {
          verdict:
            tpp.tpp.kind === 'rejected' ? 'rejected' : tpp.tpp.kind === 'verified' ? 'verified' : 'unchecked',
          steps: tpp.steps,
        },
        committed,
      });
    }
    // An injected network failure: Response.error() here, a reset socket over HTTP (node/server.ts).
    if (response.status === 0) return Response.error();
    return security.respond(response, requestId, now);
  }

  async function handle(request: Request, startedAt: number): Promise<Response> {
    const received = await receive(request);
    // Signatures are verified concurrently, before the request takes its turn in the queue.
    const checkedAt = config.source();
    const tpp = await security.check(
      request,
      received.request.headers,
      received.target,
      received.bytes,
      app.routeOf(received.matches, received.request.method),
      checkedAt + ledger.state().clock.offsetMs,
      checkedAt,
    );
    // Requests are applied one at a time, in arrival order (several tabs may share one engine).
    const turn = { leave: await queue.enter() };
    try {
      return await apply(received, tpp, startedAt, turn);
    } finally {
      turn.leave();
    }
  }

  /** Answers a web Request as the bank would; never rejects (an engine bug is a 500 SYSTEM_ERROR). */
  async function fetch(request: Request): Promise<Response> {
    const startedAt = performance.now();
    try {
      return await handle(request, startedAt);
    } catch (error) {
      const requestId = request.headers.get('x-request-id') ?? undefined;
      // The last resort, when the path itself failed: answered unsigned (signing may be what failed).
      return toErrorWebResponse(error, requestId, config.log);
    }
  }

  return { fetch };
}
