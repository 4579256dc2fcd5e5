import { operationIds as documentIds } from '../core/operation-ids.js';
import { isApiService, type Route } from '../core/router.js';

/**
 * The name a fault rule's `match.operation` uses for each route: exactly the `operationId` of the
 * OpenAPI document (GET /_sandbank/openapi.json), from the one function that names them for the
 * document, so the two can never disagree: where several routes share an operation name the ids tell
 * them apart (`getAccount` is the AIS one, `sandboxGetAccount` the mock-data API's).
 */
const cache = new WeakMap<readonly Route[], Map<Route, string>>();

export function operationIds(routes: readonly Route[]): Map<Route, string> {
  let ids = cache.get(routes);
  if (ids === undefined) {
    ids = documentIds(routes);
    cache.set(routes, ids);
  }
  return ids;
}

/** Every operationId a rule may name, sorted. */
export function operationIdList(routes: readonly Route[]): string[] {
  return [...new Set(operationIds(routes).values())].sort();
}

/** The operationIds of the /v1 routes: the only ones a request effect acts on (docs/faults.md). */
export function apiOperationIdList(routes: readonly Route[]): string[] {
  const ids = [...operationIds(routes)].filter(([route]) => isApiService(route.service)).map(([, id]) => id);
  return [...new Set(ids)].sort();
}
