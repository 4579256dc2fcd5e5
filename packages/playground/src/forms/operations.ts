import { type Route, routes } from '@sandbank/engine';
import { EXAMPLES, type ExampleContext, type ExampleMaker } from './examples.js';
import { type JsonSchema, jsonSchemaOf } from './schema.js';

/** Where the playground's bank serves the API (the engine's default base path). */
const BASE_PATH = '/v1';

/** One operation of the engine's route table, as the forms and Try it use it. */
export interface ApiOperation {
  /** Method and full path: `POST /v1/sandbox/customers`. */
  key: string;
  method: Route['method'];
  /** The full path with `:name` parameters (`/v1/sandbox/accounts/:mockAccountId/transactions`). */
  pattern: string;
  service: Route['service'];
  /** A short name from the path: `Account transactions`. */
  title: string;
  summary: string | undefined;
  /** The JSON body's schema, from the route's zod schema; null for operations without one. */
  schema: JsonSchema | null;
  example: ExampleMaker | undefined;
}

function singular(word: string): string {
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * `POST /sandbox/accounts/:mockAccountId/transactions` → "Account transactions": the resource
 * words of the path, singular but for the last when the body is an array of them.
 */
function titleOf(route: Route, schema: JsonSchema | null): string {
  const words = route.path.split('/').filter((w) => w !== '' && w !== 'sandbox' && !w.startsWith(':'));
  const many = schema?.type === 'array';
  const text = words
    .map((w, i) => (i < words.length - 1 || !many ? singular(w) : w))
    .join(' ')
    .replaceAll('-', ' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function operationOf(route: Route): ApiOperation {
  const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : BASE_PATH;
  const pattern = `${root}${route.path}`;
  const key = `${route.method} ${pattern}`;
  const schema = route.body === undefined ? null : jsonSchemaOf(route.body);
  return {
    key,
    method: route.method,
    pattern,
    service: route.service,
    title: titleOf(route, schema),
    summary: route.summary,
    schema,
    example: EXAMPLES[key],
  };
}

/** Every operation the engine serves, in the route table's order (it grows as the engine does). */
export const API_OPERATIONS: readonly ApiOperation[] = routes.map(operationOf);

/** The mock-data API's writes (parts 2.7–2.10, 4.2 items 6–12): one form each. */
export const MOCK_DATA_OPERATIONS: readonly ApiOperation[] = API_OPERATIONS.filter(
  (op) => op.service === 'sandbox' && op.schema !== null,
);

/** The pattern with its parameters filled in (encoded), or left as `{name}` where none is given. */
export function pathWith(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    params[name] === undefined ? `{${name}}` : encodeURIComponent(params[name]),
  );
}

/** The operation's example for this bank, if it has one and the bank holds what it needs. */
export function exampleFor(operation: ApiOperation, context: ExampleContext) {
  return operation.example?.(context) ?? null;
}
