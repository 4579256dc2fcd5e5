import type { BaseContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { type EngineRequest, type EngineResponse, withHeaders } from '../core/http.js';
import { createReducer, type ReducerOptions, type Reduction } from '../core/reducer.js';
import {
  compileRoutes,
  isRemoved,
  matchPath,
  operationName,
  type PathMatch,
  type Route,
  type RouteTable,
} from '../core/router.js';
import type { State } from '../core/state.js';
import { consoleLogger, type Logger, toErrorResponse } from './error-response.js';
import { parseBody, parseQuery } from './parse-request.js';

export interface AppOptions extends ReducerOptions {
  /** Where programmer errors are reported (default console.error). */
  log?: Logger;
}

/** The bank as a pure function of state and request, with the one route match made once. */
export interface App {
  /** The routes whose path matches (method and removals are settled when the request is applied). */
  match(path: string): PathMatch[];
  /** The route that would answer this method, removals aside: what the signature check needs. */
  routeOf(matches: readonly PathMatch[], method: string): Route | null;
  /** Answers the request against `state`; never throws (failures are answers, the state untouched). */
  apply(state: State, request: EngineRequest, base: BaseContext, matches?: readonly PathMatch[]): Reduction;
}

/**
 * part 9 rule 3: an operation removed by the bank clock answers as an unknown path (404), saying
 * when it was removed and what replaces it (RFC 8594 Sunset, RFC 8288 successor-version link).
 */
function removedError(route: Route, basePath: string) {
  const removal = route.removal as NonNullable<Route['removal']>;
  const successor = `${basePath}${removal.successor}`;
  return apiError(
    'NOT_FOUND',
    `${route.method} ${basePath}${route.path} was removed on ${removal.on} (part 9 rule 3): use ${route.method} ${successor}, which behaves the same`,
    {
      headers: {
        sunset: new Date(Date.parse(`${removal.on}T00:00:00Z`)).toUTCString(),
        link: `<${successor}>; rel="successor-version"`,
      },
    },
  );
}

/**
 * Which of the path's routes answers at bank time `now`: the live one of the method; else 405 with
 * the live methods in Allow; else a removed one of the method (404 naming its successor); else 404.
 */
function settleMatch(matches: readonly PathMatch[], request: EngineRequest, base: BaseContext): PathMatch {
  const live = matches.filter((m) => !isRemoved(m.route, base.now));
  const found = live.find((m) => m.route.method === request.method);
  if (found) return found;
  const path = request.path.slice(0, 200);
  if (live.length > 0) {
    const allow = live.map((m) => m.route.method).join(', ');
    throw apiError('BAD_REQUEST', `${request.method} is not allowed on ${path}; allowed: ${allow}`, {
      status: 405,
      headers: { allow },
    });
  }
  const removed = matches.find((m) => m.route.method === request.method);
  if (removed) throw removedError(removed.route, base.basePath);
  throw apiError('NOT_FOUND', `no operation at ${request.method} ${path}`);
}

function echoRequestId(response: EngineResponse, request: EngineRequest): EngineResponse {
  const requestId = request.headers['x-request-id'];
  if (requestId === undefined) return response;
  return withHeaders(response, { 'x-request-id': requestId });
}

export function createApp(routes: readonly Route[], basePath: string, options: AppOptions = {}): App {
  const table: RouteTable = compileRoutes(routes, basePath);
  const reduce = createReducer(options);
  const log = options.log ?? consoleLogger;
  const match = (path: string) => matchPath(table, path);
  return {
    match,
    routeOf: (matches, method) => matches.find((m) => m.route.method === method)?.route ?? null,
    apply(state, request, base, matches = match(request.path)) {
      let operation: string | null = null;
      try {
        const { route, params } = settleMatch(matches, request, base);
        operation = operationName(route.operation);
        const routed = {
          request,
          route,
          params,
          query: parseQuery(route, request),
          body: parseBody(route, request),
        };
        const reduction = reduce(state, routed, base);
        return {
          state: reduction.state,
          response: echoRequestId(reduction.response, request),
          patches: reduction.patches,
          operation: reduction.operation,
        };
      } catch (error) {
        const response = toErrorResponse(error, request.headers['x-request-id'], log);
        return { state, response, patches: [], operation };
      }
    },
  };
}
