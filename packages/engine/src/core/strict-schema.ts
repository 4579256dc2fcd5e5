import * as z from 'zod';

/**
 * A copy of `schema` that accepts exactly the values whose parse leaves them as they are, or null when
 * `schema` can change a value it accepts in another way than by dropping unknown keys (a default, a
 * transform, a coercion, a check on an object or array that this copy would leave out). Every object in
 * it is strict: an unknown key, which `schema` would strip, is refused. So a value this copy accepts
 * equals `schema`'s output for it, and the caller can keep the value itself instead of zod's copy of
 * it (an import of 1 000 000 transactions: docs/benchmarks.md, "The import, session 5").
 */
export function strictCopy(schema: z.ZodType): z.ZodType | null {
  if (schema instanceof z.ZodObject) {
    if (hasChecks(schema)) return null;
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const strict = strictCopy(field);
      if (strict === null) return null;
      shape[key] = strict;
    }
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) {
    if (hasChecks(schema)) return null;
    const element = strictCopy(schema.element as z.ZodType);
    return element === null ? null : z.array(element);
  }
  if (schema instanceof z.ZodOptional) {
    const inner = strictCopy(schema.unwrap() as z.ZodType);
    return inner === null ? null : inner.optional();
  }
  if (schema instanceof z.ZodNullable) {
    const inner = strictCopy(schema.unwrap() as z.ZodType);
    return inner === null ? null : inner.nullable();
  }
  // Leaves whose output is their input (with their checks: a string's pattern, an integer).
  const leaf =
    schema instanceof z.ZodString ||
    schema instanceof z.ZodNumber ||
    schema instanceof z.ZodBoolean ||
    schema instanceof z.ZodEnum ||
    schema instanceof z.ZodLiteral ||
    schema instanceof z.ZodNull;
  return leaf && !isCoercing(schema) ? schema : null;
}

function hasChecks(schema: z.ZodType): boolean {
  return (schema._zod.def.checks?.length ?? 0) > 0;
}

function isCoercing(schema: z.ZodType): boolean {
  return (schema._zod.def as { coerce?: boolean }).coerce === true;
}
