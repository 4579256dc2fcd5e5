import { freeze, type Patch } from 'immer';
import { IMPORT_REFUSED, importedState } from './control/state.js';
import { describeCommit, type StateChange } from './core/changes.js';
import type { AcceptFixDefaults, Profile } from './core/context.js';
import type { CookieJar } from './core/cookie-jar.js';
import { ApiError } from './core/errors.js';
import { stateFromExport } from './core/exported-records.js';
import { createHistory } from './core/history.js';
import { layoutOf } from './core/keyed-chunks.js';
import { parseMount } from './core/mount.js';
import { CONTROL_ROOT } from './core/router.js';
import { useSigningClock } from './core/signing-clock.js';
import type { ExportedState, RegisteredTpp, State } from './core/state.js';
import { plainJson } from './core/written-json.js';
import { type FaultControls, faultControls } from './faults/client.js';
import { createApp } from './gateway/app.js';
import { consoleLogger, type Logger } from './gateway/error-response.js';
import { createGateway, type Exchange } from './gateway/gateway.js';
import { type ClockSkew, createRequestSecurity } from './gateway/request-security.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONTROL_BODY_BYTES } from './gateway/transport.js';
import { clockWork, routes } from './routes.js';
import { seededState } from './sandbox-api/seed.js';
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
  /**
   * Start from this state instead of the seed: the engine's own shape (`getState()`) or an export
   * (`GET /_sandbank/state`), whose flat records (`KEYED_SLICES`: customers, accounts, card accounts,
   * payments…) are put in chunks as an import puts them. Checked as an import is (PUT /_sandbank/state): a state the bank cannot start from throws
   * a TypeError naming the field; what an older export lacks is filled in.
   */
  initialState?: State | ExportedState;
  /**
   * The clock-source time (epoch ms) the seeded data is made at: its history ends there (default: the
   * source's time at creation). An adapter that builds the same bank again from its seed, instead of
   * storing it, passes the first build's time, so the bank's seeded data is the same every time.
   */
  seedTime?: number;
  /** Serve the unsigned control plane under `/_sandbank/` (default true). */
  controlPlane?: boolean;
  /** Largest accepted body of an API request (default 1 MiB). */
  maxBodyBytes?: number;
  /**
   * Largest body on the control plane, where a whole exported state is imported: default and at most
   * 2^29 - 24 bytes (just under 512 MiB), the longest body that decodes into a string.
   */
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
  /**
   * Where bugs are reported: an unexpected exception (answered 500 SYSTEM_ERROR) or a failed persist
   * (default `console.error`). The reducer never logs; the gateway reports here.
   */
  logger?: Logger;
  /** TPPs in the bank's register from the start (the production profile accepts only these). */
  registeredTpps?: Array<Omit<RegisteredTpp, 'registeredAt' | 'email'> & { email?: string }>;
  /** How a fault rule's delay waits (default setTimeout); tests pass their own to stay off the clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Commits remembered for `POST /_sandbank/history/{seq}/restore` (default 200; 0 keeps none). */
  historyLimit?: number;
  /** The number the first commit follows (default 0): a restarted host passes its last, so numbers never repeat. */
  firstSeq?: number;
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
  /** The commit this request made (`POST /_sandbank/history/{commit}/restore` undoes it), null if none. */
  commit: number | null;
  /** What the commit changed, from its patches (empty when nothing changed). */
  changes: StateChange[];
  /** Changes left out of `changes` (a very large commit lists its first ones). */
  changesOmitted: number;
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

/** What createSandbox returns: a Sandbox with the fault rules' test API (docs/faults.md). */
export type SandboxWithFaults = Sandbox & FaultControls;

/**
 * A bank. A given `initialState` is checked as an import is (PUT /_sandbank/state): one it could not
 * start from throws here, naming the field, rather than answering every request with a 500.
 */
export function createSandbox(options: SandboxOptions = {}): SandboxWithFaults {
  const initial = options.initialState;
  return openSandbox(options, initial === undefined ? undefined : checkedInitialState(initial));
}

/**
 * A bank from a state its host stored itself and checked on reading it back (the service worker's
 * and a hosted bank's restore, whose ledgers are parsed when first read): not validated again.
 * Through `@sandbank/engine/internal` only.
 */
export function createRestoredSandbox(options: SandboxOptions): SandboxWithFaults {
  const initial = options.initialState;
  return openSandbox(options, initial === undefined ? undefined : stateFromExport(initial));
}

/**
 * The state to start from, as the import's check leaves it (defaults filled in, fields the contract
 * does not define left out). A state in the engine's shape keeps the layout its payments' chunks
 * have, an earlier one included (docs/decisions/keyed-chunks.md).
 */
function checkedInitialState(initial: State | ExportedState): State {
  try {
    const layout = layoutOf((initial as { payments?: unknown } | null)?.payments);
    return stateFromExport(importedState(initial), layout);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const text = error.messages[0]?.text ?? error.message;
    const problem = text.startsWith(IMPORT_REFUSED) ? text.slice(IMPORT_REFUSED.length) : text;
    throw new TypeError(`createSandbox: initialState is not a state the bank can start from: ${problem}`, {
      cause: error,
    });
  }
}

function openSandbox(options: SandboxOptions, initial: State | undefined): SandboxWithFaults {
  const profile = options.profile ?? 'sandbox';
  const basePath = (options.basePath ?? '/v1').replace(/\/+$/, '');
  const seed = options.seed ?? DEFAULT_SEED;
  const source = options.now ?? (() => Date.now());
  const controlPlane = options.controlPlane ?? true;
  const table = routes.filter((r) => controlPlane || r.service !== 'control');
  const mount = parseMount(options.publicUrl);
  const app = createApp(table, basePath, {
    checkResponses: options.checkResponses ?? false,
    clockWork,
    log: options.logger ?? consoleLogger,
  });
  const security = createRequestSecurity({
    signatures: options.signatures ?? 'required',
    profile,
    signResponses: options.signResponses ?? false,
    clockSkew: options.clockSkew ?? 'bank-or-source',
    ...(options.subtle ? { subtle: options.subtle } : {}),
    ...(options.trustAnchors ? { trustAnchors: options.trustAnchors } : {}),
  });
  let state: State = initial ?? seededState(seed, options.seedTime ?? source());
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
  let seq = options.firstSeq ?? 0;
  const history = createHistory(options.historyLimit);
  const listeners = new Set<(event: SandboxEvent) => void>();

  const emit = (event: SandboxEvent) => {
    for (const listener of listeners) listener(event);
  };

  const gateway = createGateway(
    {
      app,
      routes: table,
      security,
      mount,
      profile,
      basePath,
      acceptFixDefaults: options.acceptFixDefaults ?? 'bank-clock',
      ...(options.secret === undefined ? {} : { secret: options.secret }),
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      maxControlBodyBytes: options.maxControlBodyBytes ?? DEFAULT_MAX_CONTROL_BODY_BYTES,
      ...(options.cookieJar === undefined ? {} : { cookieJar: options.cookieJar }),
      source,
      log: options.logger ?? consoleLogger,
      history,
      sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    },
    {
      state: () => state,
      async commit(patches, next, operation) {
        const commit: Commit = { seq: seq + 1, patches, state: next };
        await options.persist?.(commit);
        // The state before each commit, for POST /_sandbank/history/{seq}/restore (time travel).
        history.record({ seq: commit.seq, at: source() + state.clock.offsetMs, operation, before: state });
        const before = state;
        seq = commit.seq;
        state = next;
        emit({ type: 'commit', commit });
        return { seq: commit.seq, before, patches };
      },
      logging: () => listeners.size > 0,
      log: (exchange) => emit({ type: 'request', entry: toLogEntry(seq, exchange) }),
    },
  );

  return {
    fetch: gateway.fetch,
    getState: () => state,
    now: () => source() + state.clock.offsetMs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    options: { profile, basePath, seed },
    // Fault rules and scenarios through the control plane (docs/faults.md).
    ...faultControls(
      gateway.fetch,
      () => `${mount.origin ?? 'http://localhost'}${mount.prefix}${CONTROL_ROOT}`,
    ),
  };
}

function toLogEntry(seq: number, exchange: Exchange): RequestLogEntry {
  const { request, response } = exchange;
  const entry: RequestLogEntry = {
    seq,
    at: exchange.at,
    method: request.method,
    path: exchange.target,
    operation: exchange.operation,
    status: response.status,
    durationMs: performance.now() - exchange.startedAt,
    requestHeaders: request.headers,
    requestBody: exchange.bodyText,
    responseHeaders: response.headers,
    responseBody: response.json ?? response.html ?? null,
    signature: exchange.signature,
    commit: exchange.committed?.seq ?? null,
    ...describeCommit(exchange.committed),
  };
  if (response.written === true) {
    // Parsed when first read, not on the request's way out: the service worker reads it when it
    // broadcasts the entry, after the answer has gone (core/written-json.ts).
    let plain: unknown;
    Object.defineProperty(entry, 'responseBody', {
      enumerable: true,
      configurable: true,
      get: () => {
        plain ??= plainJson(response.json);
        return plain;
      },
    });
  }
  return entry;
}

export { CONTROL_ROOT };
