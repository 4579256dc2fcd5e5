import { operationName, type Route } from './router.js';

/**
 * Each route's `operationId` in the OpenAPI document (control/openapi.ts), and the name a fault rule's
 * `match.operation` uses (faults/operation-ids.ts): unique, as OpenAPI requires.
 */
export function operationIds(routes: readonly Route[]): Map<Route, string> {
  // A name several routes share gets `sandbox` in front on the mock-data API (its getAccount is not
  // the AIS one), then the last path word.
  const nameOf = (route: Route) => operationName(route.operation) ?? route.method.toLowerCase();
  const shared = new Set(routes.map(nameOf).filter((name, i, all) => all.indexOf(name) !== i));
  const used = new Set<string>();
  const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  const ids = new Map<Route, string>();
  for (const route of routes) {
    const name = nameOf(route);
    let id = shared.has(name) && route.service === 'sandbox' ? `sandbox${capital(name)}` : name;
    if (used.has(id))
      id += capital(
        route.path
          .split('/')
          .filter((word) => /^[a-z]/i.test(word))
          .pop() ?? '',
      );
    for (let n = 2; used.has(id); n++) id = `${name}${n}`;
    used.add(id);
    ids.set(route, id);
  }
  return ids;
}
