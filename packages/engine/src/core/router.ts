import type { Draft } from 'immer';
import type * as z from 'zod/mini';
import type { RequestContext } from './context.js';
import type { EngineRequest, EngineResponse } from './http.js';
import type { State } from './state.js';

export interface OperationInput {
  params: Record<string, string>;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when none), or the form fields of a page post. */
  body: unknown;
  request: EngineRequest;
  /** The query through the route's own schema, parsed once by the gateway (read it with `queryOf`). */
  parsedQuery?: { schema: z.ZodMiniType; value: unknown };
}

export type Operation = (draft: Draft<State>, input: OperationInput, ctx: RequestContext) => EngineResponse;

const operationNames = new WeakMap<Operation, string>();

/**
 * An area's route table with its operations' names: the keys of `operations`, for the request log and
 * the OpenAPI document (function names do not survive a minified bundle such as the service worker,
 * and keeping them costs every closure a `defineProperty` at run time; object keys survive). The names
 * cannot drift from the table: a route whose operation has no name here, or a name no route uses,
 * fails when the module loads, which every test does.
 */
export function namedRoutes(
  operations: Record<string, Operation>,
  routes: readonly Route[],
): readonly Route[] {
  const used = new Set(routes.map((route) => route.operation));
  for (const [name, operation] of Object.entries(operations)) {
    if (!used.has(operation)) throw new TypeError(`operation ${name} is named but no route uses it`);
    operationNames.set(operation, name);
  }
  for (const route of routes) {
    if (!operationNames.has(route.operation)) {
      throw new TypeError(`${route.method} ${route.path}: its operation has no name in namedRoutes`);
    }
  }
  return routes;
}

/** The name given with namedRoutes, or null. */
export function operationName(operation: Operation): string | null {
  return operationNames.get(operation) ?? null;
}

/**
 * What a route is for decides which rules apply before its operation runs:
 * - `ais`, `pis`, `sandbox`, `psu`: `/v1` operations, signed, X-Request-ID required; `ais`/`pis` need the role.
 * - `control`: the unsigned control plane under `/_sandbank/`.
 * - `page`: the bank's HTML pages (SCA), form posts, no JSON rules.
 */
export type Service = 'ais' | 'pis' | 'sandbox' | 'psu' | 'control' | 'page';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the base path (or below `/_sandbank` for control and pages), `:name` for a parameter. */
  path: string;
  service: Service;
  operation: Operation;
  /** part 4.1: headers this operation requires besides X-Request-ID. */
  requiredHeaders?: readonly string[];
  /** part 4.1: operations whose body must be covered by a Digest (P and S). */
  digestRequired?: boolean;
  /** zod schema for the query, validated before the operation runs. */
  query?: z.ZodMiniType;
  /** zod schema of the JSON body, for the OpenAPI document (the operation validates it). */
  body?: z.ZodMiniType;
  /**
   * The contract disregards this operation's body (part 4.2 item 12): it is neither decoded nor
   * parsed, so no content type or content can fail the request (it still counts for the Digest).
   */
  bodyDisregarded?: boolean;
  /** zod schema of a successful JSON answer: documented, and checked when `checkResponses` is on. */
  response?: z.ZodMiniType;
  /** One line for the OpenAPI document. */
  summary?: string;
  /**
   * part 9 rule 3: a deprecated operation and its removal date (`yyyy-mm-dd`, bank clock, UTC). From
   * that date on it no longer exists: it answers as an unknown path does, naming its successor.
   */
  removal?: { on: string; successor: string };
}

/** Whether the operation was removed by the bank time `now` (part 9 rule 3). */
/** Removal days as epoch ms, parsed once per day named (a few routes name one). */
const removalDays = new Map<string, number>();

export function isRemoved(route: Route, now: number): boolean {
  if (route.removal === undefined) return false;
  const { on } = route.removal;
  let day = removalDays.get(on);
  if (day === undefined) {
    day = Date.parse(`${on}T00:00:00Z`);
    removalDays.set(on, day);
  }
  return day <= now;
}

export interface CompiledRoute {
  route: Route;
  segments: string[];
  /** Per segment: the parameter's name, or null where the segment is literal. */
  params: (string | null)[];
}

/** The compiled routes by their number of segments, each list in table order. */
export type RouteTable = ReadonlyMap<number, readonly CompiledRoute[]>;

/** A route whose path pattern matched, with the parameters it bound. */
export interface PathMatch {
  route: Route;
  params: Record<string, string>;
}

/** The `/v1` services: signed, X-Request-ID required, the JSON rules of part 4. */
export const API_SERVICES: ReadonlySet<Service> = new Set(['ais', 'pis', 'sandbox', 'psu']);

export function isApiService(service: Service): boolean {
  return API_SERVICES.has(service);
}

/** The control plane and the bank's pages live outside the API's base path. */
export const CONTROL_ROOT = '/_sandbank';

export function rootOf(service: Service, basePath: string): string {
  return service === 'control' || service === 'page' ? CONTROL_ROOT : basePath;
}

/**
 * The table a request is matched against, built once: only routes with as many segments as the path
 * are tried, and a route's literal segments are compared before any parameter is decoded.
 */
export function compileRoutes(routes: readonly Route[], basePath: string): RouteTable {
  const table = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const segments = `${rootOf(route.service, basePath)}${route.path}`.split('/').filter(Boolean);
    const params = segments.map((segment) => (segment.startsWith(':') ? segment.slice(1) : null));
    const sameLength = table.get(segments.length) ?? [];
    sameLength.push({ route, segments, params });
    table.set(segments.length, sameLength);
  }
  return table;
}

/** A path segment's percent-escapes as UTF-8, each malformed sequence as U+FFFD (as browsers show it). */
function decodeLeniently(segment: string): string {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < segment.length; i++) {
    const hex = segment.charCodeAt(i) === 37 ? segment.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...encoder.encode(segment[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function matchSegments(compiled: CompiledRoute, actual: string[]): Record<string, string> | null {
  const { segments, params: names } = compiled;
  for (let i = 0; i < segments.length; i++) {
    if (names[i] === null && segments[i] !== actual[i]) return null;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const name = names[i];
    if (name === null || name === undefined) continue;
    let value: string;
    try {
      value = decodeURIComponent(actual[i] as string);
    } catch {
      // Escapes that are not UTF-8 (`%FF`) name no resource: the operation answers as for any
      // unknown id, not 404 as if no endpoint had the path.
      value = decodeLeniently(actual[i] as string);
    }
    // An id is never a property of Object.prototype: `__proto__` or `constructor` would otherwise
    // reach an operation as if it named a resource in a state record.
    if (value in Object.prototype) return null;
    params[name] = value;
  }
  return params;
}

/**
 * Every route whose path pattern matches `path`, whatever its method, in table order: the one match of
 * a request. Which of them answers (by method and by the bank clock's removals) is the gateway's
 * decision (gateway/app.ts `settleMatch`).
 */
export function matchPath(table: RouteTable, path: string): PathMatch[] {
  const actual = path.split('/').filter(Boolean);
  const found: PathMatch[] = [];
  for (const compiled of table.get(actual.length) ?? []) {
    const params = matchSegments(compiled, actual);
    if (params) found.push({ route: compiled.route, params });
  }
  return found;
}
