import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * The Berlin Group 1.3.6 response schemas (test/fixtures/berlin-group, derived by
 * scripts/derive-berlin-group-schemas.ts), compiled once with Ajv.
 */
interface Fixture {
  $defs: Record<string, unknown>;
  operations: Record<string, Record<string, unknown>>;
}

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/berlin-group/psd2-api-1.3.6.schema.json', import.meta.url), 'utf8'),
) as Fixture;

const ajv = new Ajv2020({ strict: false, allErrors: true });
const addFormats = addFormatsModule as unknown as (a: Ajv2020) => Ajv2020;
addFormats(ajv);
const BASE = 'https://sandbank.local/berlin-group-1.3.6.json';
ajv.addSchema({ $id: BASE, $defs: fixture.$defs });

const compiled = new Map<string, ValidateFunction>();

/** The validator for one Berlin Group operation (`GET /accounts`) and status. */
export function berlinGroupValidator(operation: string, status: number): ValidateFunction {
  const key = `${operation} ${status}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  const schema = fixture.operations[operation]?.[String(status)];
  if (schema === undefined)
    throw new Error(`the Berlin Group definition has no ${status} body for ${operation}`);
  const validate = ajv.compile(rewrite(schema) as object);
  compiled.set(key, validate);
  return validate;
}

function rewrite(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', `"${BASE}#/$defs/`));
}

/** Validates `body`; returns readable errors (empty when it conforms). */
export function berlinGroupErrors(operation: string, status: number, body: unknown): string[] {
  const validate = berlinGroupValidator(operation, status);
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
