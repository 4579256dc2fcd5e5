import * as z from 'zod/mini';
import { json } from '../core/http.js';
import { operationIds } from '../core/operation-ids.js';
import { docsKey, type RouteDocs, type RouteExample } from '../core/route-docs.js';
import type { Operation } from '../core/router.js';
import { type Route, rootOf } from '../core/router.js';
import { FORWARDED_PSU_HEADERS, headerParameter, SECURITY_SCHEMES } from './openapi-headers.js';
import { ERROR_SCHEMAS, responsesOf } from './openapi-responses.js';

type JsonSchema = Record<string, unknown>;

/** Every route's documentation, keyed by `docsKey` (each area's `docs.ts`). */
export type DocsTable = Readonly<Record<string, RouteDocs>>;

/** The seeded bank's answer to each example, keyed `<docsKey> <example name>` (openapi-answers.json). */
export type AnswerTable = Readonly<Record<string, unknown>>;

export interface OpenApiSources {
  docs: DocsTable;
  answers: AnswerTable;
}

function toSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function openApiPath(route: Route, basePath: string): string {
  return `${rootOf(route.service, basePath)}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
}

const TAGS: Record<Route['service'], { name: string; description: string }> = {
  ais: {
    name: 'Account information',
    description:
      'Accounts, balances, transactions and card accounts for an AISP (certificate role PSP_AI), after the PSU consented through SCA (part 5.2).',
  },
  pis: {
    name: 'Payment initiation',
    description:
      'Payments (NDCT, NCBCT and the instant products) and signing baskets for a PISP (certificate role PSP_PI), parts 2.2\u20132.5 and 4.2.',
  },
  psu: {
    name: 'PSU',
    description: 'Identifying the PSU and its corporate agreements (parts 5.3 and 5.4).',
  },
  sandbox: {
    name: 'Sandbox mock data',
    description:
      'The mock-data API of the sandbox environment: customers, accounts, card accounts, transactions and agreements (parts 2.7\u20132.10, 4.2 items 6\u201312). Signed like every `/v1` call.',
  },
  control: {
    name: 'Control plane',
    description:
      'Sandbank\u2019s own unsigned operations under `/_sandbank/`: the bank clock, state export and import, reset, the TPP register, SCA shortcuts. Not part of the bank\u2019s contract.',
  },
  page: {
    name: 'Bank pages',
    description:
      'The bank\u2019s HTML pages a PSU is sent to (SCA, the consent overview): for a browser, not for a TPP\u2019s code (part 5.2).',
  },
};

/** part 4.1: headers any call with a PSU behind it may carry; the operation's docs add its own. */
const PSU_OPTIONAL = [
  'psu-id',
  'psu-corporate-id',
  'psu-ip-address',
  'tpp-session-id',
  'tpp-redirect-uri',
  'tpp-redirect-preferred',
  ...FORWARDED_PSU_HEADERS,
];

function headerParameters(route: Route, docs: RouteDocs | undefined): JsonSchema[] {
  if (route.service === 'control' || route.service === 'page') return [];
  const required = [
    'x-request-id',
    'date',
    ...(route.requiredHeaders ?? []),
    ...(route.digestRequired ? ['digest'] : []),
    ...(docs?.requiredHeaders ?? []),
  ];
  const optional = [
    'x-accept-fix',
    ...(route.service === 'sandbox' ? [] : PSU_OPTIONAL),
    ...(docs?.optionalHeaders ?? []),
  ].filter((name, i, all) => !required.includes(name) && all.indexOf(name) === i);
  // The values the operation's examples send (Try it offers them); they replace the header's generic example.
  const withExamples = (name: string, isRequired: boolean): JsonSchema => {
    const { example: _, ...parameter } = headerParameter(name, isRequired);
    const own = parameterExamples(docs, (example) => example.headers?.[name]);
    return 'examples' in own ? { ...parameter, ...own } : headerParameter(name, isRequired);
  };
  return [
    ...required.map((name) => withExamples(name, true)),
    ...optional.map((name) => withExamples(name, false)),
  ];
}

/** `examples` of a parameter: the value each example sends, where it sends one. */
function parameterExamples(
  docs: RouteDocs | undefined,
  pick: (example: RouteExample) => string | undefined,
): JsonSchema {
  const entries = Object.entries(docs?.examples ?? {}).flatMap(([name, example]) => {
    const value = pick(example);
    return value === undefined ? [] : [[name, { summary: example.summary, value }] as const];
  });
  return entries.length === 0 ? {} : { examples: Object.fromEntries(entries) };
}

function pathParameters(path: string, docs: RouteDocs | undefined): JsonSchema[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...parameterExamples(docs, (example) => example.params?.[m[1] as string]),
  }));
}

function queryParameters(route: Route, docs: RouteDocs | undefined): JsonSchema[] {
  if (!route.query) return [];
  const schema = toSchema(route.query);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
    ...parameterExamples(docs, (example) => example.query?.[name]),
  }));
}

function requestBody(route: Route, docs: RouteDocs | undefined): JsonSchema | undefined {
  const body = route.body ?? docs?.requestSchema;
  if (!body) return undefined;
  // Only bodies the bank accepts are offered as request examples; the refused ones are told with their answers.
  const examples = Object.entries(docs?.examples ?? {}).filter(
    ([, example]) => example.body !== undefined && example.status < 300,
  );
  return {
    required: true,
    content: {
      'application/json': {
        schema: toSchema(body),
        ...(examples.length === 0
          ? {}
          : {
              examples: Object.fromEntries(
                examples.map(([name, example]) => [name, { summary: example.summary, value: example.body }]),
              ),
            }),
      },
    },
  };
}

function description(route: Route, docs: RouteDocs | undefined): string | undefined {
  // part 9 rule 3: a deprecated operation; from `removal.on` (bank clock) it answers 404.
  const removal = route.removal
    ? `**Deprecated**: removed on ${route.removal.on} (bank clock), use \`${route.removal.successor}\`; from then on it answers 404 NOT_FOUND naming it (part 9 rule 3).`
    : undefined;
  const text = [docs?.description, removal].filter((part) => part !== undefined).join('\n\n');
  return text === '' ? undefined : text;
}

/**
 * An OpenAPI 3.1 document of every route in the table: request and response schemas from their zod
 * schemas, headers from part 4.1, and what each operation does, fails with and answers from its docs.
 */
export function openApiDocument(
  routes: readonly Route[],
  basePath: string,
  sources: OpenApiSources = { docs: {}, answers: {} },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const ids = operationIds(routes);
  for (const route of routes) {
    const key = docsKey(route);
    const docs = sources.docs[key];
    const path = openApiPath(route, basePath);
    const api = route.service !== 'control' && route.service !== 'page';
    const text = description(route, docs);
    const body = requestBody(route, docs);
    const operation: JsonSchema = {
      operationId: ids.get(route),
      tags: [TAGS[route.service].name],
      summary: docs?.summary ?? route.summary ?? `${route.method} ${path}`,
      ...(text === undefined ? {} : { description: text }),
      ...(route.removal ? { deprecated: true } : {}),
      parameters: [
        ...pathParameters(path, docs),
        ...headerParameters(route, docs),
        ...queryParameters(route, docs),
      ],
      ...(body === undefined ? {} : { requestBody: body }),
      responses: responsesOf(
        route,
        docs,
        route.response ? toSchema(route.response) : undefined,
        (name) => sources.answers[`${key} ${name}`],
      ),
      security: api ? [{ signature: [], tppSignatureCertificate: [] }] : [],
    };
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  const services = [...new Set(routes.map((route) => route.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sandbank: a Norwegian PSD2 open-banking interface, emulated',
      version: '0.1.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description: [
        'A Norwegian bank\u2019s PSD2 open-banking interface for TPPs, emulated: account information, payment initiation, signing baskets, SCA by redirect and the sandbox mock-data API. Generated from the engine\u2019s route table, zod schemas and each area\u2019s documentation, so it cannot drift from what the bank does.',
        '**Signing.** Every `/v1` call is signed (part 5.1): `Signature` and `TPP-Signature-Certificate` (the security schemes), a `Date` (or `X-Date`) within 60 seconds of the bank clock, a `Digest` of the body where the operation needs one. Use the TPP kit `@sandbank/engine/tpp`, or let the service worker sign for you (`autoSign`).',
        '**SCA.** An answer that needs the PSU carries `_links.scaRedirect`: send the PSU there; the bank redirects to your `TPP-Redirect-URI` with `psu-id` (part 5.3), which you then send as `PSU-ID`.',
        '**Errors** are `{"tppMessages":[{"category","code","path","text"}]}` with the codes of part 7 only (docs/errors.md). Every example in this document is what a freshly seeded bank with its clock at 2026-03-02T10:00:00Z answers; a test sends each one.',
        'The content negotiation headers of part 4.1 (Accept, Accept-Charset, Accept-Encoding, Accept-Language, Content-Type) work as in any HTTP API and are not listed per operation.',
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'The bank that served this document' }],
    tags: services.map((service) => TAGS[service]),
    paths,
    components: { schemas: ERROR_SCHEMAS, securitySchemes: SECURITY_SCHEMES },
  };
}

/**
 * GET /_sandbank/openapi.json, built once per base path by `documentFor` (routes.ts: generated from the
 * route table and the docs; in the worker script, read from the file built beside it).
 */
export function createOpenApiOperation(documentFor: (basePath: string) => JsonSchema): Operation {
  const cache = new Map<string, JsonSchema>();
  return function getOpenApi(_draft, _input, ctx) {
    let doc = cache.get(ctx.basePath);
    if (!doc) {
      doc = documentFor(ctx.basePath);
      cache.set(ctx.basePath, doc);
    }
    return json(200, doc);
  };
}
