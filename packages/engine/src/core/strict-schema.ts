import * as z from 'zod/mini';
import { strictObject } from './zod-support.js';

/**
 * A copy of `schema` that accepts exactly the values whose parse leaves them as they are, or null when
 * `schema` can change a value it accepts in another way than by dropping unknown keys (a default, a
 * transform, a coercion, a check on an object or array that this copy would leave out). Every object in
 * it is strict: an unknown key, which `schema` would strip, is refused. So a value this copy accepts
 * equals `schema`'s output for it, and the caller can keep the value itself instead of zod's copy of
 * it (an import of 1 000 000 transactions: docs/benchmarks.md, "The import, session 5").
 */
export function strictCopy(schema: z.ZodMiniType): z.ZodMiniType | null {
  // Told apart by the def's `type`, which every zod schema has (classic zod's classes, which `instanceof`
  // told apart, are not the engine's zod/mini ones).
  const def = schema._zod.def;
  if (def.type === 'object') {
    if (hasChecks(schema)) return null;
    const shape: Record<string, z.ZodMiniType> = {};
    for (const [key, field] of Object.entries((def as z.core.$ZodObjectDef).shape)) {
      const strict = strictCopy(field as z.ZodMiniType);
      if (strict === null) return null;
      shape[key] = strict;
    }
    return strictObject(shape);
  }
  if (def.type === 'array') {
    if (hasChecks(schema)) return null;
    const element = strictCopy((def as z.core.$ZodArrayDef).element as z.ZodMiniType);
    return element === null ? null : z.array(element);
  }
  // `optional` is also the type of `z.exactOptional`, which refuses an explicit undefined: no copy.
  if (def.type === 'optional' && !schema._zod.traits.has('$ZodExactOptional')) {
    const inner = strictCopy((def as z.core.$ZodOptionalDef).innerType as z.ZodMiniType);
    return inner === null ? null : z.optional(inner);
  }
  if (def.type === 'nullable') {
    const inner = strictCopy((def as z.core.$ZodNullableDef).innerType as z.ZodMiniType);
    return inner === null ? null : z.nullable(inner);
  }
  return isLeaf(schema) && !isCoercing(schema) ? schema : null;
}

/**
 * Leaves whose output is their input (with their checks: a string's pattern, an integer). A string
 * format (`z.email()`, `z.iso.datetime()`) is left out, as the copy always left it out.
 */
function isLeaf(schema: z.ZodMiniType): boolean {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return (def as z.core.$ZodStringFormatDef).format === undefined;
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
      return true;
    default:
      return false;
  }
}

function hasChecks(schema: z.ZodMiniType): boolean {
  return (schema._zod.def.checks?.length ?? 0) > 0;
}

function isCoercing(schema: z.ZodMiniType): boolean {
  return (schema._zod.def as { coerce?: boolean }).coerce === true;
}
