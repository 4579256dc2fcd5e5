import { current, type Draft, enablePatches, Immer, isDraft, type Patch } from 'immer';
import { type BaseContext, type RequestContext, requestContext } from './context.js';
import { ApiError, apiError, type TppMessage, warning } from './errors.js';
import { freezeDeep } from './freeze.js';
import { assertValidHeaders, fixesInForce, parseAcceptFixes, requireHeaders } from './headers.js';
import { type EngineResponse, responseWith } from './http.js';
import { ownEntry } from './ids.js';
import { checkReplay, rememberRequest } from './replay.js';
import type { ClockWork, Parsed, RoutedRequest } from './routed.js';
import { isApiService, type OperationInput, operationName, type Route } from './router.js';
import type { State } from './state.js';
import { reportingDroppedFields } from './validate.js';
import { plainJson } from './written-json.js';

enablePatches();
/**
 * States are frozen (each change freezes what it made, below; the sandbox freezes its first state),
 * which lets a reading request run on the state itself, without a draft (see the reducer below).
 * Not immer's own freezing: it walks every key of each record a change copied (every payment when one
 * is added), where the change's patches name the few nodes that are new.
 */
const immer = new Immer({ autoFreeze: false });

/**
 * Freezes what a change made: each node on its patches' paths (the copies immer made) and each value
 * a patch adds or replaces, whole. Everything else is shared with the frozen state before it.
 */
function freezeChanged(next: State, patches: readonly Patch[]): void {
  Object.freeze(next);
  for (const { path } of patches) {
    let node: unknown = next;
    for (let i = 0; i < path.length; i++) {
      if (node === null || typeof node !== 'object') break;
      node = (node as Record<string | number, unknown>)[path[i] as string | number];
      if (i === path.length - 1) freezeDeep(node);
      else if (typeof node === 'object' && node !== null) Object.freeze(node);
    }
  }
}

export interface ReducerOptions {
  /** Development aid: check each successful answer against its route's response schema. */
  checkResponses?: boolean;
  /** Work the bank clock makes due, run before every operation (the areas' batch runs). */
  clockWork?: readonly ClockWork[];
}

export interface Reduction {
  state: State;
  response: EngineResponse;
  /** immer patches from the previous state to the new one (empty when nothing changed). */
  patches: Patch[];
  /** The route's operation name, for logs. */
  operation: string | null;
}

/**
 * The pure core: `(state, routed request, context) -> { state, response }`. An expected failure is
 * thrown as an ApiError (the gateway answers it, with the state it had); so is a programmer error.
 */
export type Reducer = (state: State, routed: RoutedRequest, base: BaseContext) => Reduction;

/**
 * Response bodies may hold pieces of the draft, which immer revokes once `produce` ends: copy them
 * into plain data while the draft is alive. Costs what the body holds, not what the state holds
 * (an export of the untouched state is passed through as is).
 */
function toPlain(value: unknown, untouched: State): unknown {
  if (value === untouched) return value;
  if (isDraft(value)) return current(value);
  // A frozen object is part of a finished state: it holds no drafts (an export that is not the state itself).
  if (Object.isFrozen(value)) return value;
  if (Array.isArray(value)) return value.map((item) => toPlain(item, untouched));
  if (value !== null && typeof value === 'object') {
    // for-in, not Object.entries: an array per key is garbage on every write (docs/benchmarks.md, `wip/tails6`).
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (Object.hasOwn(value, key)) out[key] = toPlain((value as Record<string, unknown>)[key], untouched);
    }
    return out;
  }
  return value;
}

/** part 5.1: PSP_AI for account information, PSP_PI for payment initiation. */
function checkRole(route: Route, ctx: RequestContext, state: State): void {
  if (ctx.tpp.kind !== 'verified') return;
  const needed = route.service === 'ais' ? 'PSP_AI' : route.service === 'pis' ? 'PSP_PI' : null;
  // part 1 / 5.1 rule 11: in production the certificate must belong to a registered TPP.
  const registered =
    ctx.profile === 'production' ? ownEntry(state.tppRegistry, ctx.tpp.organisationId) : null;
  if (ctx.profile === 'production' && registered === undefined) {
    throw apiError(
      'FORBIDDEN',
      `the certificate's TPP ${ctx.tpp.organisationId} (${ctx.tpp.name}) is not registered with the bank; register it with POST /_sandbank/tpps`,
      { path: 'TPP-Signature-Certificate' },
    );
  }
  if (needed !== null && registered && !registered.roles.includes(needed)) {
    throw apiError('FORBIDDEN', `${ctx.tpp.organisationId} is not registered for the role ${needed}`, {
      path: 'TPP-Signature-Certificate',
    });
  }
  if (needed === null || ctx.tpp.roles.includes(needed)) return;
  const text = `the certificate of ${ctx.tpp.name} lacks the PSD2 role ${needed}, needed for ${
    route.service === 'ais' ? 'account information' : 'payment initiation'
  }`;
  if (ctx.profile === 'production') throw apiError('FORBIDDEN', text, { path: 'TPP-Signature-Certificate' });
  // The same part 7 code as the production refusal, as a WARNING: the request goes through.
  ctx.warnings.push(
    warning(
      'FORBIDDEN',
      `${text}; the production profile refuses this request with 403 FORBIDDEN`,
      'TPP-Signature-Certificate',
    ),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function withMessages(
  item: Record<string, unknown>,
  messages: readonly TppMessage[],
): Record<string, unknown> {
  if (messages.length === 0) return item;
  const existing = Array.isArray(item.tppMessages) ? item.tppMessages : [];
  return Object.assign({}, item, { tppMessages: [...existing, ...messages] });
}

/**
 * The warnings of a successful answer join its `tppMessages`. An answer that is an array (the
 * mock-data API's POST of several transactions) cannot hold them beside the items: each item carries
 * the warnings whose path starts with its index (`[2].bookingStatus`), and every item those without one.
 */
function withWarnings(body: unknown, warnings: readonly TppMessage[]): unknown {
  if (warnings.length === 0) return body;
  if (isRecord(body)) return withMessages(body, warnings);
  if (!Array.isArray(body)) return body;
  const indexOf = (m: TppMessage) => /^\[(\d+)\]/.exec(m.path ?? '')?.[1];
  return body.map((item, i) =>
    isRecord(item)
      ? withMessages(
          item,
          warnings.filter((m) => {
            const index = indexOf(m);
            return index === undefined || Number(index) === i;
          }),
        )
      : item,
  );
}

function finish(response: EngineResponse, ctx: RequestContext): EngineResponse {
  if (response.status >= 400 || response.json === undefined || ctx.warnings.length === 0) return response;
  return responseWith(response, { json: withWarnings(response.json, ctx.warnings) });
}

/** A successful answer that breaks its own schema is a bug in the engine: fail loudly, change nothing. */
function checkResponse(route: Route, response: EngineResponse): void {
  if (!route.response || response.status >= 300 || response.json === undefined) return;
  const result = route.response.safeParse(
    response.written === true ? plainJson(response.json) : response.json,
  );
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new TypeError(
      `response of ${route.method} ${route.path} breaks its schema at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
}

/** A part the gateway parsed: its value (its warnings told), or its failure raised here. */
function take<T>(parsed: Parsed<T>, ctx: RequestContext): T {
  if (!parsed.ok) throw parsed.error;
  ctx.warnings.push(...parsed.warnings);
  return parsed.value;
}

/**
 * The rules every `/v1` request passes before its operation, in the contract's order: the mock-data
 * API only in the sandbox profile, X-Request-ID and the headers part 4.1 requires, the signature's
 * verdict, the role, replay.
 */
function checkApiRequest(routed: RoutedRequest, ctx: RequestContext, state: State): void {
  const { route, request } = routed;
  if (route.service === 'sandbox' && ctx.profile === 'production') {
    throw apiError('NOT_FOUND', 'the sandbox mock-data API does not exist in the production profile');
  }
  requireHeaders(request.headers, ['x-request-id']);
  assertValidHeaders(request.headers, ctx.now);
  ctx.fixes = fixesInForce(
    parseAcceptFixes(request.headers['x-accept-fix']),
    ctx.now,
    ctx.acceptFixDefaults ?? 'bank-clock',
  );
  requireHeaders(request.headers, route.requiredHeaders ?? []);
  // part 4.1: Digest is required on P and S whether or not signatures are checked.
  if (route.digestRequired) requireHeaders(request.headers, ['digest']);
  if (ctx.tpp.kind === 'rejected') throw ctx.tpp.error;
  checkRole(route, ctx, state);
  checkReplay(request, ctx, state);
}

/**
 * The pure core: every rule that applies to a routed request runs here in a fixed order; the
 * operation runs inside one immer `produce` (or, for a reading request with no clock work due, on the
 * frozen state itself). A failed request throws and leaves the state it was given untouched.
 */
export function createReducer(options: ReducerOptions = {}): Reducer {
  const clockWork = options.clockWork ?? [];
  return (state, routed, base) => {
    const ctx = requestContext(base);
    const { route, params, request } = routed;
    const operation = operationName(route.operation);
    if (isApiService(route.service)) checkApiRequest(routed, ctx, state);
    const body = take(routed.body, ctx);
    const query = take(routed.query, ctx);
    const input: OperationInput = { params, query: request.query, headers: request.headers, body, request };
    if (route.query) input.parsedQuery = { schema: route.query, value: query };
    const run = (draft: Draft<State>) => {
      // part 1: the bank's batch runs that fell due since the last request happen before this one,
      // in the same change, so every answer reflects the bank clock.
      for (const work of clockWork) work.run(draft, ctx.now, ctx);
      // part 2: a body field the contract does not define is dropped and told as a WARNING.
      return reportingDroppedFields(ctx.warnings, () => route.operation(draft, input, ctx));
    };
    // A GET usually changes nothing: run it on the frozen state itself, which costs no proxies. An
    // operation that does write (an SCA it starts, a page's session) fails at its first write, before
    // anything changed; whatever it threw, the pure operation runs again below inside produce, where
    // a real bug throws again. An ApiError is an answer: nothing was written before it.
    if (
      request.method === 'GET' &&
      Object.isFrozen(state) &&
      !clockWork.some((work) => work.due(state, ctx.now))
    ) {
      // Messages from before the operation (role, dropped keys) survive a second run; its own do not.
      const kept = ctx.warnings.length;
      try {
        const response = run(state as Draft<State>);
        if (options.checkResponses) checkResponse(route, response);
        return { state, response: finish(response, ctx), patches: [], operation };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        ctx.warnings.splice(kept);
      }
    }
    let response: EngineResponse = { status: 500, headers: {} };
    const [next, patches] = immer.produceWithPatches(state, (draft) => {
      response = run(draft);
      rememberRequest(draft, request, ctx);
      if (response.json !== undefined)
        response = responseWith(response, { json: toPlain(response.json, state) });
      if (options.checkResponses) checkResponse(route, response);
    });
    // Expected failures are thrown; an operation that returns an error status keeps no change either.
    if (response.status >= 400 && response.keepChanges !== true)
      return { state, response: finish(response, ctx), patches: [], operation };
    // A state that was not frozen (one built by hand and given to the app) is frozen whole, as immer did.
    if (Object.isFrozen(state)) freezeChanged(next, patches);
    else freezeDeep(next);
    return { state: next, response: finish(response, ctx), patches, operation };
  };
}
