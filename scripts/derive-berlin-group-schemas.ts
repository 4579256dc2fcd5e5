/**
 * Derives the JSON Schema fixture used by the conformance suite from the Berlin Group NextGenPSD2 1.3.6
 * OpenAPI definition (CC BY 4.0, The Berlin Group). Run once when the definition changes:
 *
 *   pnpm tsx scripts/derive-berlin-group-schemas.ts ../shared/spec/berlin-group/psd2-api-1.3.6.yaml
 *
 * Output: test/fixtures/berlin-group/psd2-api-1.3.6.schema.json with
 * - `$defs`: every `components/schemas` entry, as JSON Schema 2020-12 (refs rewritten, examples dropped);
 * - `operations`: `"<METHOD> <path>"` → status → the JSON body schema of each response.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const source = process.argv[2];
if (!source) throw new Error('usage: derive-berlin-group-schemas.ts <psd2-api-1.3.6.yaml>');
const api = parse(readFileSync(source, 'utf8')) as Record<string, Record<string, Json>>;

const DROP = new Set(['example', 'examples', 'description', 'externalDocs', 'xml']);

function convert(node: Json): Json {
  if (Array.isArray(node)) return node.map(convert);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROP.has(key)) continue;
    // OpenAPI 3.0's boolean exclusiveMinimum/Maximum become JSON Schema 2020-12 numbers.
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (value && typeof node[bound] === 'number') out[key] = node[bound];
      continue;
    }
    if (
      (key === 'minimum' && node.exclusiveMinimum === true) ||
      (key === 'maximum' && node.exclusiveMaximum === true)
    ) {
      continue;
    }
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', '#/$defs/');
    } else if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, convert(schema)]),
      );
    } else {
      out[key] = convert(value);
    }
  }
  return out;
}

const components = api.components as Record<string, Record<string, Json>>;
const schemas = components.schemas ?? {};
const responses = components.responses ?? {};

function bodySchema(response: Json): Json {
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return null;
  const ref = response.$ref;
  if (typeof ref === 'string') return bodySchema(responses[ref.split('/').pop() as string] ?? null);
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  const schema = content?.['application/json']?.schema;
  return schema === undefined ? null : convert(schema);
}

const operations: Record<string, Record<string, Json>> = {};
for (const [path, item] of Object.entries(api.paths as Record<string, Record<string, Json>>)) {
  for (const [method, op] of Object.entries(item)) {
    if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
    const statuses: Record<string, Json> = {};
    const opResponses = (op as Record<string, Record<string, Json>>).responses ?? {};
    for (const [status, response] of Object.entries(opResponses)) {
      const schema = bodySchema(response);
      if (schema !== null) statuses[status] = schema;
    }
    operations[`${method.toUpperCase()} ${path}`] = statuses;
  }
}

const fixture = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $comment:
    'Derived from the Berlin Group NextGenPSD2 XS2A Framework OpenAPI definition 1.3.6 (CC BY 4.0, The Berlin Group) by scripts/derive-berlin-group-schemas.ts. Descriptions and examples removed.',
  $defs: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, convert(schema)])),
  operations,
};
writeFileSync(
  'test/fixtures/berlin-group/psd2-api-1.3.6.schema.json',
  `${JSON.stringify(fixture, null, 1)}\n`,
);
console.log(`${Object.keys(fixture.$defs).length} schemas, ${Object.keys(operations).length} operations`);
