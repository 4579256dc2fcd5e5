import type { z } from 'zod';
import { ApiError, type ErrorCode, tppMessage } from './errors.js';

const MAX_MESSAGES = 10;

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
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query',
  code: ErrorCode = 'FORMAT_ERROR',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
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
  throw new ApiError(400, messages);
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
