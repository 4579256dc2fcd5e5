import type { Draft } from 'immer';
import type { RequestContext } from './context.js';
import type { ApiError, TppMessage } from './errors.js';
import type { EngineRequest } from './http.js';
import type { Route } from './router.js';
import type { State } from './state.js';

/**
 * A part of the request the gateway parsed before the reducer: the value, or the failure, which the
 * reducer raises at the step where the contract checks that part (after the headers and the
 * signature), so the order of checks a TPP sees does not depend on where the parsing happened.
 */
export type Parsed<T> =
  | { ok: true; value: T; warnings: readonly TppMessage[] }
  | { ok: false; error: ApiError };

/** What the gateway hands the reducer: the request, its one route match, its parsed query and body. */
export interface RoutedRequest {
  request: EngineRequest;
  route: Route;
  params: Record<string, string>;
  /** The route's query schema applied to the query (undefined when the route declares none). */
  query: Parsed<unknown>;
  /** The JSON body, the form fields of a page post, or undefined. */
  body: Parsed<unknown>;
}

/**
 * Work the bank clock makes due before any request is answered (the batch runs, part 1). It comes from
 * the areas above the core (src/routes.ts): `due` says, on the frozen state, whether there is any, so
 * a reading request that finds none never needs a draft.
 */
export interface ClockWork {
  due(state: State, now: number): boolean;
  run(draft: Draft<State>, now: number, ctx: RequestContext): void;
}
