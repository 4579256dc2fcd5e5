import { z } from 'zod';
import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { operationName, type Route, rootOf } from '../core/router.js';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
}

const TppMessages: JsonSchema = {
  type: 'object',
  required: ['tppMessages'],
  properties: {
    tppMessages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['category', 'code', 'text'],
        properties: {
          category: { enum: ['ERROR', 'WARNING'] },
          code: { type: 'string' },
          path: { type: 'string' },
          text: { type: 'string', maxLength: 512 },
        },
      },
    },
  },
};

const HEADER_PARAMS: Record<string, JsonSchema> = {
  'X-Request-ID': { type: 'string' },
};

function openApiPath(route: Route, basePath: string): string {
  return `${rootOf(route.service, basePath)}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
}

function queryParameters(route: Route): JsonSchema[] {
  if (!route.query) return [];
  const schema = toSchema(route.query);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}

/** An OpenAPI 3.1 document of every route in the table, request schemas generated from their zod schemas. */
export function openApiDocument(routes: readonly Route[], basePath: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  // operationIds are unique, as OpenAPI requires: a name several routes share gets `sandbox` in
  // front on the mock-data API (its getAccount is not the AIS one), then the last path word.
  const nameOf = (route: Route) => operationName(route.operation) ?? route.method.toLowerCase();
  const shared = new Set(routes.map(nameOf).filter((name, i, all) => all.indexOf(name) !== i));
  const used = new Set<string>();
  const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  const operationId = (route: Route) => {
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
    return id;
  };
  for (const route of routes) {
    const path = openApiPath(route, basePath);
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const api = route.service !== 'control' && route.service !== 'page';
    const headerParams = api
      ? [
          ...Object.entries(HEADER_PARAMS).map(([name, schema]) => ({
            name,
            in: 'header',
            required: true,
            schema,
          })),
          ...[...(route.requiredHeaders ?? []), ...(route.digestRequired ? ['digest'] : [])].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
        ]
      : [];
    const operation: JsonSchema = {
      operationId: operationId(route),
      tags: [route.service],
      ...(route.summary ? { summary: route.summary } : {}),
      // part 9 rule 3: a deprecated operation; from `removal.on` (bank clock) it answers 404.
      ...(route.removal
        ? { deprecated: true, description: `Removed on ${route.removal.on}: use ${route.removal.successor}.` }
        : {}),
      parameters: [...pathParams, ...headerParams, ...queryParameters(route)],
      responses: {
        default: {
          description: 'an error, or the answer described in docs/',
          content:
            route.service === 'page' ? { 'text/html': {} } : { 'application/json': { schema: TppMessages } },
        },
      },
      ...(api ? { security: [{ httpSignature: [] }] } : {}),
    };
    if (route.response) {
      // A POST creates (201, as the consent and payment creations); every other success is 200.
      (operation.responses as JsonSchema)[route.method === 'POST' ? '201' : '200'] = {
        description: 'success',
        content: { 'application/json': { schema: toSchema(route.response) } },
      };
    }
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body) } },
      };
    }
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sandbank: a Norwegian PSD2 open-banking interface, emulated',
      version: '0.1.0',
      description: 'Generated from the engine\u2019s route table and zod schemas.',
    },
    paths,
    components: {
      securitySchemes: {
        httpSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Signature',
          description: 'draft-cavage HTTP signature with TPP-Signature-Certificate (part 5.1)',
        },
      },
    },
  };
}

/** GET /_sandbank/openapi.json, built once per route table. */
export function createOpenApiOperation(getRoutes: () => readonly Route[]): Operation {
  const cache = new Map<string, JsonSchema>();
  return function getOpenApi(_draft, _input, ctx) {
    let doc = cache.get(ctx.basePath);
    if (!doc) {
      doc = openApiDocument(getRoutes(), ctx.basePath);
      cache.set(ctx.basePath, doc);
    }
    return json(200, doc);
  };
}
