import type * as z from 'zod/mini';
import { apiErrors, type ErrorCode, type TppMessage, tppMessage, warning } from './errors.js';
import type { OperationInput } from './router.js';
import { useEnglishMessages } from './zod-support.js';

// The messages below quote zod's (core/zod-support.ts).
useEnglishMessages();

const MAX_MESSAGES = 10;

/** Keys that would reach an object's prototype machinery; never a field of any request body. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Where the body parses of the running operation report the fields they dropped. */
interface DropReport {
  drop(paths: readonly string[]): void;
}

let report: DropReport | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc === '' ? String(key) : `${acc}.${String(key)}`;
  }, '');
}

/**
 * The input's value at an issue's path. zod 4 leaves `input` out of its issues (unless asked to report
 * it), so a missing field is recognised by looking it up in the value that was parsed.
 */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * `safeParse` at the boundary: a failure becomes one tppMessage per zod issue, each naming the field
 * path and the rule, so a client fixes every problem in one round.
 */
export function parseWith<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query',
  code: ErrorCode = 'FORMAT_ERROR',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    if (where === 'body' && report !== null) {
      const dropped: string[] = [];
      unknownFields(value, result.data, [], dropped);
      report.drop(dropped);
    }
    return result.data;
  }
  const messages = result.error.issues.slice(0, MAX_MESSAGES).map((issue) => {
    const path = pathText(issue.path);
    const missing = valueAt(value, issue.path) === undefined;
    const issueCode: ErrorCode = missing && where === 'query' ? 'QUERY_PARAMETER_REQUIRED' : code;
    const subject = path === '' ? where : `${where === 'query' ? 'query parameter ' : ''}${path}`;
    const text = missing ? `${subject} is required` : `${subject}: ${issue.message}`;
    return tppMessage('ERROR', issueCode, text, path === '' ? undefined : path);
  });
  return throwMessages(messages);
}

function throwMessages(messages: ReturnType<typeof tppMessage>[]): never {
  throw apiErrors(messages, 400);
}

/** Query parameters as single values (the last one wins), the shape the query schemas expect. */
export function singleQuery(query: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, values] of Object.entries(query)) {
    const last = values[values.length - 1];
    if (last !== undefined) out[key] = last;
  }
  return out;
}

/**
 * Fields of `input` that the schema's output left out: zod objects keep only the fields they define,
 * so what the input has beyond them is exactly what the contract does not define. Arrays are walked
 * item by item; a value the schema turned into something else (a transform) is not looked into.
 */
function unknownFields(input: unknown, output: unknown, path: PropertyKey[], found: string[]): void {
  if (Array.isArray(input) && Array.isArray(output)) {
    const length = Math.min(input.length, output.length);
    for (let i = 0; i < length; i++) unknownFields(input[i], output[i], [...path, i], found);
    return;
  }
  if (!isRecord(input) || !isRecord(output)) return;
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(output, key)) unknownFields(input[key], output[key], [...path, key], found);
    else found.push(pathText([...path, key]));
  }
}

/**
 * Runs an operation so that every body it parses with `parseWith` reports the fields the contract
 * does not define: each becomes a WARNING (code FORMAT_ERROR, the field's path) in `messages`, once,
 * at most MAX_MESSAGES and a count of the rest. The parsed body never holds them, so they are never
 * stored or echoed (docs/decisions/unknown-fields.md). The reducer is synchronous: the report is the
 * running request's alone.
 */
export function reportingDroppedFields<T>(messages: TppMessage[], run: () => T): T {
  const previous = report;
  const seen = new Set<string>();
  let untold = 0;
  report = {
    drop(paths) {
      for (const path of paths) {
        if (seen.has(path)) continue;
        seen.add(path);
        if (seen.size <= MAX_MESSAGES) messages.push(droppedFieldWarning(path));
        else untold++;
      }
    },
  };
  try {
    return run();
  } finally {
    report = previous;
    if (untold > 0) {
      messages.push(
        warning(
          'FORMAT_ERROR',
          `${untold} more fields that are not fields of this request were ignored and not stored`,
        ),
      );
    }
  }
}

export function droppedFieldWarning(path: string): TppMessage {
  return warning(
    'FORMAT_ERROR',
    `${path} is not a field of this request; it was ignored and not stored`,
    path,
  );
}

/**
 * Removes `__proto__`, `constructor` and `prototype` keys at any depth of a freshly parsed JSON
 * value (JSON.parse makes them own properties) and returns their paths: whatever an operation or a
 * schema does later, they can never reach an object's prototype or the state.
 */
export function dropPrototypeKeys(value: unknown): string[] {
  const found: string[] = [];
  // One path, pushed and popped as the walk goes: a path is written out only for a key it drops.
  const path: PropertyKey[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        walk(node[i]);
        path.pop();
      }
    } else if (isRecord(node)) {
      for (const key of Object.keys(node)) {
        path.push(key);
        if (PROTOTYPE_KEYS.has(key)) {
          found.push(pathText(path));
          delete node[key];
        } else {
          walk(node[key]);
        }
        path.pop();
      }
    }
  };
  walk(value);
  return found;
}

/**
 * The request's query as `schema` reads it: the value the gateway already parsed when `schema` is the
 * route's query schema (the usual case), else parsed here.
 */
export function queryOf<S extends z.ZodMiniType>(input: OperationInput, schema: S): z.output<S> {
  if (input.parsedQuery?.schema === schema) return input.parsedQuery.value as z.output<S>;
  return parseWith(schema, singleQuery(input.query), 'query');
}
