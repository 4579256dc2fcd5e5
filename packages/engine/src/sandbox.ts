import { freeze, type Patch } from 'immer';
import type { AcceptFixDefaults, Profile } from './core/context.js';
import { addJarCookies, type CookieJar, keepJarCookies } from './core/cookie-jar.js';
import { ApiError, apiError } from './core/errors.js';
import { type EngineResponse, errorBody, json } from './core/http.js';
import { parseMount, pathBelow } from './core/mount.js';
import { createReducer } from './core/reducer.js';
import { CONTROL_ROOT, compileRoutes, matchRoute } from './core/router.js';
import { useSigningClock } from './core/signing-clock.js';
import type { RegisteredTpp, State } from './core/state.js';
import { type ClockSkew, createRequestSecurity } from './gateway/request-security.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  decodeBody,
  decodeBodyLeniently,
  readBody,
  toEngineRequest,
  toWebResponse,
} from './gateway/transport.js';
import { routes } from './routes.js';
import { createSeedState } from './sandbox-api/seed.js';
import type { VerifyStep } from './security/verify-request.js';

export interface SandboxOptions {
  /** `sandbox` (default): mock-data API on, role mismatches are warnings. `production`: strict. */
  profile?: Profile;
  /**
   * The clock source, epoch ms (default Date.now); the bank clock is this plus the offset set through
   * the control plane. The TPP kit's signRequest dates requests by the last sandbox's source when given
   * no `now`.
   */
  now?: () => number;
  /**
   * part 5.1 rule 1: a signed Date/X-Date must be within 60 s. `bank-or-source` (default): of the bank
   * clock or of the clock source (the real time), so requests signed with the caller's own clock pass
   * after the bank clock is moved. `bank-only`: of the bank clock alone, for testing clock skew.
   */
  clockSkew?: ClockSkew;
  /**
   * part 9 rule 2: `bank-clock` (default) makes each `x-accept-fix` fix the default from its date in
   * the part 9 table, by the bank clock; `legacy` keeps all four opt-in, as the platform's recorded
   * traffic answers (amounts as JSON numbers unless the client sends `amount-as-string`).
   */
  acceptFixDefaults?: AcceptFixDefaults;
  /** Where the API lives (default `/v1`). */
  basePath?: string;
  /**
   * Where the bank is reached when it is mounted below a path: an origin with a path prefix
   * (`https://host/t/abc`), or the prefix alone (`/t/abc`: each request's own origin). Requests
   * arrive with the prefix, which is removed once before routing (signatures still cover the path
   * as sent); every link (scaRedirect, Location, `_links`, the SCA pages' forms) is built with it.
   * Without it the bank sits at the root of the request's origin.
   */
  publicUrl?: string;
  /** Seed for ids and generated data: the same seed and requests give byte-identical responses. */
  seed?: string;
  /** Start from this state instead of the seed (e.g. restored from storage). */
  initialState?: State;
  /** Serve the unsigned control plane under `/_sandbank/` (default true). */
  controlPlane?: boolean;
  /** Largest accepted body of an API request (default 1 MiB). */
  maxBodyBytes?: number;
  /** Largest body on the control plane, where a whole exported state is imported (default 512 MiB). */
  maxControlBodyBytes?: number;
  /**
   * Called with every state change before the response is returned; awaited, so a durable store
   * can commit first. A rejection turns the answer into a 500 and rolls the change back.
   */
  persist?: (commit: Commit) => void | Promise<void>;
  /**
   * Development aid: check every successful answer against its route's response schema before it
   * leaves the engine; a mismatch becomes a logged 500 SYSTEM_ERROR. Off by default (it costs time).
   */
  checkResponses?: boolean;
  /**
   * part 5.1: every `/v1` request must be signed (`required`, the default). `off` skips the check for
   * quick prototypes; the engine then treats every caller as one unverified TPP.
   */
  signatures?: 'required' | 'off';
  /** WebCrypto for environments without a global `crypto.subtle` (e.g. `@peculiar/webcrypto`). */
  subtle?: SubtleCrypto;
  /** production profile: CAs a certificate must chain to (default: the TPP kit's sandbox test CA). */
  trustAnchors?: string[];
  /** part 5.1 rule 10: sign every response with the bank's key (Digest, Signature); off by default. */
  signResponses?: boolean;
  /**
   * Random text mixed into the session cookie and CSRF tokens of the bank's pages (default: none, so
   * whoever knows the seed can compute them). A server passes fresh random bytes at every start:
   * tokens already handed out stay valid, since the state holds them.
   */
  secret?: string;
  /**
   * Keeps the bank pages' cookies where the transport cannot (a service worker, an engine in the page:
   * browsers strip Cookie and Set-Cookie from script-made Requests and Responses). Over HTTP and in
   * Node, leave it out: the client's own Cookie header is read and Set-Cookie is answered.
   */
  cookieJar?: CookieJar;
  /** TPPs in the bank's register from the start (the production profile accepts only these). */
  registeredTpps?: Array<Omit<RegisteredTpp, 'registeredAt' | 'email'> & { email?: string }>;
}

export interface Commit {
  seq: number;
  patches: Patch[];
  state: State;
}

export interface RequestLogEntry {
  seq: number;
  at: number;
  method: string;
  path: string;
  operation: string | null;
  status: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseHeaders: Record<string, string>;
  responseBody: unknown;
  /** The signature check, step by step (empty when the request was not checked). */
  signature: { verdict: 'verified' | 'rejected' | 'unchecked'; steps: VerifyStep[] };
}

export type SandboxEvent = { type: 'commit'; commit: Commit } | { type: 'request'; entry: RequestLogEntry };

export interface Sandbox {
  /** Answers a web Request as the bank would. */
  fetch(request: Request): Promise<Response>;
  /** The current state (plain data; do not mutate). */
  getState(): State;
  /** The bank clock, epoch ms. */
  now(): number;
  /** Listens to commits and the request log; returns the unsubscribe function. */
  subscribe(listener: (event: SandboxEvent) => void): () => void;
  readonly options: Readonly<{ profile: Profile; basePath: string; seed: string }>;
}

const DEFAULT_SEED = 'sandbank';

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const profile = options.profile ?? 'sandbox';
  const basePath = (options.basePath ?? '/v1').replace(/\/+$/, '');
  const seed = options.seed ?? DEFAULT_SEED;
  const source = options.now ?? (() => Date.now());
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxControlBodyBytes = options.maxControlBodyBytes ?? 512 * 1024 * 1024;
  const controlPlane = options.controlPlane ?? true;
  const mount = parseMount(options.publicUrl);
  const acceptFixDefaults = options.acceptFixDefaults ?? 'bank-clock';
  const reduce = createReducer(
    routes.filter((r) => controlPlane || r.service !== 'control'),
    basePath,
    { checkResponses: options.checkResponses ?? false },
  );
  const table = compileRoutes(routes, basePath);
  const security = createRequestSecurity({
    signatures: options.signatures ?? 'required',
    profile,
    signResponses: options.signResponses ?? false,
    clockSkew: options.clockSkew ?? 'bank-or-source',
    ...(options.subtle ? { subtle: options.subtle } : {}),
    ...(options.trustAnchors ? { trustAnchors: options.trustAnchors } : {}),
  });
  let state: State = options.initialState ?? createSeedState(seed, source());
  if (options.registeredTpps !== undefined) {
    const registry = { ...state.tppRegistry };
    for (const tpp of options.registeredTpps) {
      registry[tpp.organisationId] = { ...tpp, email: tpp.email ?? null, registeredAt: source() };
    }
    state = { ...state, tppRegistry: registry };
  }
  // The engine never changes a state in place; frozen, a reading request can use it without a draft.
  freeze(state, true);
  useSigningClock(source);
  let seq = 0;
  let tail: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(event: SandboxEvent) => void>();

  const emit = (event: SandboxEvent) => {
    for (const listener of listeners) listener(event);
  };

  async function handle(request: Request): Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    // Routed below the mount; the signature check below sees the path as it was sent.
    const below = pathBelow(mount, url.pathname);
    const routed = new URL(url);
    if (below !== null) routed.pathname = below;
    let bodyText: string | null = null;
    let bytes: Uint8Array | null = null;
    let pre: ApiError | null =
      below === null
        ? apiError(
            'NOT_FOUND',
            `no operation at ${url.pathname.slice(0, 200)}: this bank is served below ${mount.prefix}`,
          )
        : null;
    const match = matchRoute(table, request.method.toUpperCase(), routed.pathname);
    // part 4.2 item 12: a body the contract disregards can hold anything, bytes that are not UTF-8 too.
    const disregarded = match.kind === 'found' && match.route.bodyDisregarded === true;
    try {
      const control = routed.pathname.startsWith(`${CONTROL_ROOT}/`);
      bytes = await readBody(request, control ? maxControlBodyBytes : maxBodyBytes);
      if (bytes !== null) bodyText = disregarded ? decodeBodyLeniently(bytes) : decodeBody(bytes);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      pre ??= error;
    }
    const engineRequest = toEngineRequest(request, routed, bodyText);
    const page = match.kind === 'found' && match.route.service === 'page';
    if (page) await addJarCookies(options.cookieJar, url.href, engineRequest.headers);
    // Signatures are verified concurrently, before the request takes its turn in the queue.
    const checkedAt = source();
    const { tpp, steps } = await security.check(
      request,
      url,
      bytes,
      match.kind === 'found' ? match.route : null,
      checkedAt + state.clock.offsetMs,
      checkedAt,
    );
    // Requests are applied one at a time, in arrival order (several tabs may share one engine).
    const previous = tail;
    const applied = (async () => {
      await previous;
      let response: EngineResponse;
      let operation: string | null = null;
      if (pre !== null) {
        response = json(pre.status, errorBody(pre.messages), pre.headers);
      } else {
        const sourceNow = source();
        const now = sourceNow + state.clock.offsetMs;
        const reduction = reduce(state, engineRequest, {
          now,
          sourceNow,
          origin: mount.origin ?? url.origin,
          mount: mount.prefix,
          profile,
          basePath: `${mount.prefix}${basePath}`,
          acceptFixDefaults,
          tpp,
          ...(options.secret === undefined ? {} : { secret: options.secret }),
        });
        response = reduction.response;
        operation = reduction.operation;
        if (reduction.patches.length > 0) {
          const commit: Commit = { seq: ++seq, patches: reduction.patches, state: reduction.state };
          try {
            await options.persist?.(commit);
            state = reduction.state;
            emit({ type: 'commit', commit });
          } catch (error) {
            seq--;
            console.error('[sandbank] persisting the change failed; it was rolled back', error);
            response = json(
              500,
              errorBody([
                {
                  category: 'ERROR',
                  code: 'SYSTEM_ERROR',
                  text: 'the change could not be stored and was rolled back',
                },
              ]),
            );
          }
        }
      }
      if (page) await keepJarCookies(options.cookieJar, url.href, response.headers);
      if (listeners.size > 0) {
        emit({
          type: 'request',
          entry: {
            seq,
            at: source() + state.clock.offsetMs,
            method: engineRequest.method,
            path: `${url.pathname}${url.search}`,
            operation,
            status: response.status,
            durationMs: performance.now() - started,
            requestHeaders: engineRequest.headers,
            requestBody: bodyText,
            responseHeaders: response.headers,
            responseBody: response.json ?? response.html ?? null,
            signature: {
              verdict:
                tpp.kind === 'rejected' ? 'rejected' : tpp.kind === 'verified' ? 'verified' : 'unchecked',
              steps,
            },
          },
        });
      }
      return security.sign(
        toWebResponse(response),
        engineRequest.headers['x-request-id'],
        source() + state.clock.offsetMs,
      );
    })();
    tail = applied.catch(() => undefined);
    return applied;
  }

  return {
    fetch: handle,
    getState: () => state,
    now: () => source() + state.clock.offsetMs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    options: { profile, basePath, seed },
  };
}

export { CONTROL_ROOT };
