import { openApiDocument } from '../control/openapi.js';
import { type Route, rootOf } from '../core/router.js';

/**
 * The name a fault rule's `match.operation` uses for each route: exactly the `operationId` of the
 * OpenAPI document (GET /_sandbank/openapi.json). Read back from the document itself, so the two can
 * never disagree: where several routes share an operation name the document's ids tell them apart
 * (`getAccount` is the AIS one, `sandboxGetAccount` the mock-data API's).
 */
const cache = new WeakMap<readonly Route[], Map<Route, string>>();

function keyOf(method: string, path: string): string {
  return `${method.toLowerCase()} ${path}`;
}

export function operationIds(routes: readonly Route[]): Map<Route, string> {
  const known = cache.get(routes);
  if (known !== undefined) return known;
  const doc = openApiDocument(routes, '') as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const byKey = new Map<string, string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods))
      byKey.set(keyOf(method, path), operation.operationId);
  }
  const ids = new Map<Route, string>();
  for (const route of routes) {
    const path = `${rootOf(route.service, '')}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
    const id = byKey.get(keyOf(route.method, path));
    if (id !== undefined) ids.set(route, id);
  }
  cache.set(routes, ids);
  return ids;
}

/** Every operationId a rule may name, sorted. */
export function operationIdList(routes: readonly Route[]): string[] {
  return [...new Set(operationIds(routes).values())].sort();
}
