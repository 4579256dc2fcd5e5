import { current, type Draft, enablePatches, Immer, isDraft, type Patch } from 'immer';
import { catchUpProcessing } from '../payments/batch.js';
import { assertAcceptedJson, assertAcceptedText } from './charset.js';
import type { RequestContext } from './context.js';
import { ApiError, apiError, type TppMessage, tppMessage, warning } from './errors.js';
import { assertValidHeaders, fixesInForce, parseAcceptFixes, requireHeaders } from './headers.js';
import { type EngineRequest, type EngineResponse, errorBody, json } from './http.js';
import { ownEntry } from './ids.js';
import { checkReplay, rememberRequest } from './replay.js';
import {
  type CompiledRoute,
  compileRoutes,
  isRemoved,
  matchRoute,
  operationName,
  type Route,
} from './router.js';
import type { State } from './state.js';
import {
  dropPrototypeKeys,
  droppedFieldWarning,
  parseWith,
  reportingDroppedFields,
  singleQuery,
} from './validate.js';

enablePatches();
/**
 * States are frozen (immer freezes what each change adds; the sandbox freezes its first state), which
 * lets a reading request run on the state itself, without a draft: see `tryWithoutDraft`.
 */
const immer = new Immer({ autoFreeze: true });

/** The TypeError a strict-mode write to a frozen object throws. */
function isFrozenWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /read.only|not extensible|Cannot delete|Cannot define|frozen/i.test(error.message)
  );
}

export type BaseContext = Omit<RequestContext, 'fixes' | 'warnings'>;

export interface ReducerOptions {
  /** Development aid: check each successful answer against its route's response schema. */
  checkResponses?: boolean;
}

export interface Reduction {
  state: State;
  response: EngineResponse;
  /** immer patches from the previous state to the new one (empty when nothing changed). */
  patches: Patch[];
  /** The route's operation name, for logs. */
  operation: string | null;
}

export type Reducer = (state: State, request: EngineRequest, base: BaseContext) => Reduction;

/**
 * Response bodies may hold pieces of the draft, which immer revokes once `produce` ends: copy them
 * into plain data while the draft is alive. Costs what the body holds, not what the state holds
 * (an export of the untouched state is passed through as is).
 */
function toPlain(value: unknown, untouched: State): unknown {
  if (value === untouched) return value;
  if (isDraft(value)) return current(value);
  if (Array.isArray(value)) return value.map((item) => toPlain(item, untouched));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toPlain(item, untouched);
    return out;
  }
  return value;
}

function errorResponse(error: ApiError): EngineResponse {
  return json(error.status, errorBody(error.messages), error.headers);
}

const API_SERVICES = new Set(['ais', 'pis', 'sandbox', 'psu']);

/**
 * The request's JSON body. Keys such as `__proto__` are removed at once, wherever they are, and told
 * in `messages` as dropped fields: nothing later can store them or reach a prototype with them.
 */
function parseJsonBody(request: EngineRequest, messages: TppMessage[]): unknown {
  const text = request.bodyText;
  if (text === null || text.trim() === '') return undefined;
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const looksXml = /\bxml\b/.test(type) || text.trimStart().startsWith('<');
  if (looksXml) {
    throw apiError(
      'FORMAT_ERROR',
      'XML is not supported (part 1): send the body as JSON with Content-Type: application/json',
      {
        status: 415,
      },
    );
  }
  if (type !== '' && !/^application\/([\w.+-]*\+)?json\b/.test(type)) {
    throw apiError(
      'FORMAT_ERROR',
      `Content-Type ${type.slice(0, 80)} is not supported: send application/json`,
      {
        status: 415,
      },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw apiError('FORMAT_ERROR', `body is not valid JSON: ${(error as Error).message}`);
  }
  assertAcceptedJson(body);
  for (const path of dropPrototypeKeys(body)) messages.push(droppedFieldWarning(path));
  return body;
}

function parseFormBody(request: EngineRequest): Record<string, string[]> {
  // No prototype: a field named `__proto__` is an ordinary key, never the object's prototype.
  const fields: Record<string, string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(request.bodyText ?? '')) {
    assertAcceptedText(value, key);
    const values = fields[key] ?? [];
    values.push(value);
    fields[key] = values;
  }
  return fields;
}

/** part 5.1 / issue 3: PSP_AI for account information, PSP_PI for payment initiation. */
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
  return { ...item, tppMessages: [...existing, ...messages] };
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

/**
 * part 9 rule 3: an operation removed by the bank clock answers as an unknown path (404), saying
 * when it was removed and what replaces it (RFC 8594 Sunset, RFC 8288 successor-version link).
 */
function removedError(route: Route, ctx: RequestContext): ApiError {
  const removal = route.removal as NonNullable<Route['removal']>;
  const successor = `${ctx.basePath}${removal.successor}`;
  return apiError(
    'NOT_FOUND',
    `${route.method} ${ctx.basePath}${route.path} was removed on ${removal.on} (part 9 rule 3): use ${route.method} ${successor}, which behaves the same`,
    {
      headers: {
        sunset: new Date(Date.parse(`${removal.on}T00:00:00Z`)).toUTCString(),
        link: `<${successor}>; rel="successor-version"`,
      },
    },
  );
}

function finish(response: EngineResponse, request: EngineRequest, ctx: RequestContext): EngineResponse {
  const headers = { ...response.headers };
  const requestId = request.headers['x-request-id'];
  if (requestId !== undefined) headers['x-request-id'] = requestId;
  const body = response.status < 400 ? withWarnings(response.json, ctx.warnings) : response.json;
  return body === undefined ? { ...response, headers } : { ...response, headers, json: body };
}

/** A successful answer that breaks its own schema is a bug in the engine: fail loudly, change nothing. */
function checkResponse(route: Route, response: EngineResponse): void {
  if (!route.response || response.status >= 300 || response.json === undefined) return;
  const result = route.response.safeParse(response.json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new TypeError(
      `response of ${route.method} ${route.path} breaks its schema at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
}

/**
 * The pure core: `(state, request, context) -> { state, response }`. Every rule that applies to a
 * request runs here in a fixed order; the operation runs inside one immer `produce` (or, for a
 * reading request, on the frozen state itself). A failed request returns the state it was given,
 * untouched.
 */
export function createReducer(
  routes: readonly Route[],
  basePath: string,
  options: ReducerOptions = {},
): Reducer {
  const table: CompiledRoute[] = compileRoutes(routes, basePath);
  return (state, request, base) => {
    const ctx: RequestContext = { ...base, fixes: new Set(), warnings: [] };
    let operation: string | null = null;
    try {
      const match = matchRoute(table, request.method, request.path, (r) => !isRemoved(r, ctx.now));
      if (match.kind === 'not-found') {
        const removed = matchRoute(table, request.method, request.path);
        if (removed.kind === 'found') throw removedError(removed.route, ctx);
        throw apiError('NOT_FOUND', `no operation at ${request.method} ${request.path.slice(0, 200)}`);
      }
      if (match.kind === 'method-not-allowed') {
        throw apiError(
          'BAD_REQUEST',
          `${request.method} is not allowed on ${request.path.slice(0, 200)}; allowed: ${match.allow.join(', ')}`,
          { status: 405, headers: { allow: match.allow.join(', ') } },
        );
      }
      const { route, params } = match;
      operation = operationName(route.operation);
      let body: unknown;
      if (API_SERVICES.has(route.service)) {
        if (route.service === 'sandbox' && ctx.profile === 'production') {
          throw apiError('NOT_FOUND', 'the sandbox mock-data API does not exist in the production profile');
        }
        requireHeaders(request.headers, ['x-request-id']);
        assertValidHeaders(request.headers);
        ctx.fixes = fixesInForce(
          parseAcceptFixes(request.headers['x-accept-fix']),
          ctx.now,
          ctx.acceptFixDefaults ?? 'bank-clock',
        );
        requireHeaders(request.headers, route.requiredHeaders ?? []);
        // part 4.1: Digest is required on P and S whether or not signatures are checked.
        if (route.digestRequired) requireHeaders(request.headers, ['digest']);
        if (ctx.tpp.kind === 'rejected') throw new ApiError(ctx.tpp.status, ctx.tpp.messages);
        checkRole(route, ctx, state);
        checkReplay(request, ctx, state);
        body = route.bodyDisregarded ? undefined : parseJsonBody(request, ctx.warnings);
      } else if (route.service === 'page') {
        body = request.method === 'POST' ? parseFormBody(request) : undefined;
      } else {
        body = parseJsonBody(request, ctx.warnings);
      }
      const query = request.query;
      if (route.query) parseWith(route.query, singleQuery(query), 'query');
      const input = { params, query, headers: request.headers, body, request };
      // A GET usually changes nothing: run it on the frozen state itself, which costs no proxies. An
      // operation that does write (a due batch, a daily counter) throws at its first write, before
      // anything changed, and runs again below inside produce.
      if (request.method === 'GET' && Object.isFrozen(state)) {
        // Messages from before the operation (role, dropped keys) survive a second run; its own do not.
        const kept = ctx.warnings.length;
        try {
          catchUpProcessing(state as Draft<State>, ctx.now, ctx);
          const response = reportingDroppedFields(ctx.warnings, () =>
            route.operation(state as Draft<State>, input, ctx),
          );
          if (options.checkResponses) checkResponse(route, response);
          return { state, response: finish(response, request, ctx), patches: [], operation };
        } catch (error) {
          if (!isFrozenWrite(error)) throw error;
          ctx.warnings.splice(kept);
        }
      }
      let response: EngineResponse = json(500, null);
      const [next, patches] = immer.produceWithPatches(state, (draft) => {
        // part 1: the bank's batch runs that fell due since the last request happen before this one,
        // in the same change, so every answer reflects the bank clock (src/payments/batch.ts).
        catchUpProcessing(draft, ctx.now, ctx);
        // part 2: a body field the contract does not define is dropped and told as a WARNING.
        response = reportingDroppedFields(ctx.warnings, () => route.operation(draft, input, ctx));
        rememberRequest(draft, request, ctx);
        if (response.json !== undefined) response = { ...response, json: toPlain(response.json, state) };
        if (options.checkResponses) checkResponse(route, response);
      });
      // Expected failures are thrown; an operation that returns an error status keeps no change either.
      if (response.status >= 400 && response.keepChanges !== true)
        return { state, response: finish(response, request, ctx), patches: [], operation };
      return { state: next, response: finish(response, request, ctx), patches, operation };
    } catch (error) {
      if (error instanceof ApiError) {
        return { state, response: finish(errorResponse(error), request, ctx), patches: [], operation };
      }
      // Programmer errors: one 500 SYSTEM_ERROR, logged, state untouched (STYLE.md convention 3).
      console.error('[sandbank] unexpected error', error);
      const response = json(
        500,
        errorBody([
          tppMessage(
            'ERROR',
            'SYSTEM_ERROR',
            'an unexpected error occurred in the sandbox; the state was left unchanged',
          ),
        ]),
      );
      return { state, response: finish(response, request, ctx), patches: [], operation };
    }
  };
}
