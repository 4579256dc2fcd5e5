import * as z from 'zod';

/**
 * Forms from the route table's own request schemas: the zod body schema as JSON Schema (the input
 * side, as the OpenAPI document shows it), walked into one field per leaf. A field is named by its
 * path in the body exactly as the bank's tppMessages name it (`balances[0].balanceAmount.amount`,
 * `[0].amount` in an array body), so an error lands next to its field without a mapping table.
 */

/** The part of JSON Schema (draft 2020-12) that zod emits for the request bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  examples?: unknown[];
  format?: string;
  pattern?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

export type FieldKind = 'text' | 'integer' | 'number' | 'amount' | 'date' | 'select' | 'list';

export interface Field {
  /** Where the value goes in the body; the path tppMessages name. */
  path: string;
  kind: FieldKind;
  /** The values a `select` offers (the schema's `enum`, or its `examples` for a case-insensitive list). */
  options: readonly string[];
  required: boolean;
  /** What the schema says about the value: description, pattern, lengths, range. */
  hint: string;
}

export type Values = Record<string, string>;

const schemas = new WeakMap<z.core.$ZodType, JsonSchema>();

/**
 * The body schema as JSON Schema, input side (what a client sends), computed once per schema. The
 * engine's schemas are zod/mini's, which zod's `toJSONSchema` converts as it does classic ones.
 */
export function jsonSchemaOf(body: z.core.$ZodType): JsonSchema {
  let schema = schemas.get(body);
  if (schema === undefined) {
    schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    schemas.set(body, schema);
  }
  return schema;
}

function types(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

function optionsOf(schema: JsonSchema): string[] {
  const listed = schema.enum ?? schema.examples ?? [];
  return listed.filter((v): v is string => typeof v === 'string');
}

function kindOf(schema: JsonSchema): FieldKind {
  const t = types(schema);
  if (schema.enum !== undefined || (schema.examples !== undefined && t.includes('string'))) return 'select';
  if (t.includes('array')) return 'list';
  if (t.includes('number') && t.includes('string')) return 'amount';
  if (t.includes('integer')) return 'integer';
  if (t.includes('number')) return 'number';
  if (schema.format === 'date') return 'date';
  return 'text';
}

function hintOf(schema: JsonSchema, kind: FieldKind, required: boolean): string {
  const parts = [required ? 'required' : 'optional'];
  // A select shows its values; a long "one of …" description would only repeat them.
  if (schema.description !== undefined && kind !== 'select') parts.push(schema.description);
  if (kind === 'amount') parts.push('a decimal amount');
  if (kind === 'list') parts.push('comma-separated');
  if (schema.pattern !== undefined) parts.push(`pattern ${schema.pattern}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} characters`);
  }
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    parts.push(`${schema.minimum ?? '−∞'} to ${schema.maximum ?? '∞'}`);
  }
  return parts.join(' · ');
}

/** `a.b[0].c` → ['a', 'b', 0, 'c']; `[0].amount` → [0, 'amount']. */
function keysOf(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) =>
    m[2] === undefined ? (m[1] as string) : Number(m[2]),
  );
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of keysOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * One field per leaf of the schema. An array of objects shows as many items as `example` has (at
 * least one), each item's fields under `[i]`; an array of strings is one comma-separated field.
 * Null when the body is not a form (a choice of shapes, `anyOf`, such as the clock's, or such a
 * choice inside it, such as a fault rule's `effect`).
 */
export function fieldsOf(schema: JsonSchema, example?: unknown): Field[] | null {
  if (schema.anyOf !== undefined) return null;
  const fields: Field[] = [];
  let shapes = false;
  const walk = (node: JsonSchema, path: string, required: boolean) => {
    if (node.anyOf?.some((option) => option.properties !== undefined)) {
      shapes = true;
      return;
    }
    if (node.properties !== undefined) {
      const needed = new Set(node.required ?? []);
      for (const [name, child] of Object.entries(node.properties)) {
        walk(child, path === '' ? name : `${path}.${name}`, required && needed.has(name));
      }
      return;
    }
    if (node.items?.properties !== undefined) {
      const given = valueAt(example, path);
      const count = Math.max(1, Array.isArray(given) ? given.length : 0);
      for (let i = 0; i < count; i++) walk(node.items, `${path}[${i}]`, required && (node.minItems ?? 0) > i);
      return;
    }
    const kind = kindOf(node);
    const options =
      kind === 'select' ? optionsOf(node) : kind === 'list' && node.items ? optionsOf(node.items) : [];
    const each = kind === 'list' && options.length > 0 ? ` · each one of ${options.join(', ')}` : '';
    fields.push({ path, kind, options, required, hint: `${hintOf(node, kind, required)}${each}` });
  };
  walk(schema, '', true);
  return shapes ? null : fields;
}

/** The form's values for an example body (empty where the example has nothing). */
export function valuesOf(fields: readonly Field[], example: unknown): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = valueAt(example, field.path);
    values[field.path] = Array.isArray(value)
      ? value.join(', ')
      : value === undefined || value === null
        ? ''
        : String(value);
  }
  return values;
}

function typed(field: Field, text: string): unknown {
  if (field.kind === 'list') {
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  if (field.kind === 'integer' || field.kind === 'number') {
    const number = Number(text);
    // Not a number: sent as typed, so the bank names the field and the rule.
    return text.trim() !== '' && Number.isFinite(number) ? number : text;
  }
  // Amounts go as decimal strings, as the Berlin Group types them: exact, whatever was typed.
  return text;
}

/**
 * The body the form sends: each filled-in field at its path (an empty field is left out, so the bank
 * says which required field is missing), arrays and objects made on the way.
 */
export function bodyOf(fields: readonly Field[], values: Values): unknown {
  const root: unknown = fields[0]?.path.startsWith('[') ? [] : {};
  for (const field of fields) {
    const text = values[field.path] ?? '';
    if (text.trim() === '') continue;
    const keys = keysOf(field.path);
    let node = root as Record<string | number, unknown>;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        node[key] = typed(field, text);
        return;
      }
      node[key] ??= typeof keys[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    });
  }
  return root;
}

/** The field a tppMessage's `path` names (itself or inside it), or null for a message about the whole body. */
export function fieldFor(fields: readonly Field[], messagePath: string | undefined): Field | null {
  if (messagePath === undefined || messagePath === '') return null;
  const path = messagePath.replace(/^body\.?/, '');
  return (
    fields.find((f) => path === f.path || path.startsWith(`${f.path}.`) || path.startsWith(`${f.path}[`)) ??
    null
  );
}
