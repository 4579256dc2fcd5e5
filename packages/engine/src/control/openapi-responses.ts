import type { ErrorDoc, RouteDocs, RouteExample } from '../core/route-docs.js';
import type { Route } from '../core/router.js';

type JsonSchema = Record<string, unknown>;

/** part 2.1 TppMessage, part 7: the body of every error. */
export const ERROR_SCHEMAS: JsonSchema = {
  TppMessage: {
    type: 'object',
    required: ['category', 'code', 'text'],
    properties: {
      category: { type: 'string', enum: ['ERROR', 'WARNING'] },
      code: { type: 'string', description: 'One of the codes of part 7 rule 1 (docs/errors.md).' },
      path: { type: 'string', description: 'The field, query parameter or header at fault.' },
      text: { type: 'string', maxLength: 512 },
    },
  },
  Error: {
    type: 'object',
    required: ['tppMessages'],
    properties: {
      tppMessages: { type: 'array', items: { $ref: '#/components/schemas/TppMessage' } },
      _links: {
        type: 'object',
        description:
          'On a 401 that asks for SCA: `scaRedirect`, the bank page the PSU is sent to (part 5.2 rule 1).',
        additionalProperties: {
          type: 'object',
          required: ['href', 'verbs'],
          properties: { href: { type: 'string' }, verbs: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
  },
};

const API_ERRORS: readonly ErrorDoc[] = [
  {
    status: 400,
    code: 'HTTP_HEADER_REQUIRED',
    when: 'a required header is absent: X-Request-ID, Date (or X-Date), Signature, TPP-Signature-Certificate, or one this operation requires (part 4.1)',
  },
  {
    status: 400,
    code: 'FORMAT_ERROR',
    when: 'a header, query parameter or body is not in its form, or holds a character the bank cannot process (part 1)',
  },
  {
    status: 400,
    code: 'BAD_REQUEST',
    when: 'the signature fails a step (part 5.1 rule 9): the text names the step, e.g. a Date more than 60 seconds from the bank clock',
  },
  {
    status: 403,
    code: 'FORBIDDEN',
    when: 'production profile: the TPP is not in the bank\u2019s register or its certificate lacks the PSD2 role (the sandbox profile answers with a WARNING instead)',
  },
];

const REPLAY: ErrorDoc = {
  status: 409,
  code: 'CONFLICT',
  when: 'a replayed write: this TPP already used the X-Request-ID within the signature window',
};

const NO_CONTROL_PLANE: ErrorDoc = {
  status: 404,
  code: 'NOT_FOUND',
  when: 'the bank was created with `controlPlane: false` (a bank without its control plane)',
};

/** The failures every call of this route's kind can get, then the route's own. */
export function errorsOf(route: Route, docs: RouteDocs | undefined): ErrorDoc[] {
  const own = docs?.errors ?? [];
  if (route.service === 'control') return [NO_CONTROL_PLANE, ...own];
  if (route.service === 'page') return [...own];
  return [...API_ERRORS, ...(route.method === 'GET' ? [] : [REPLAY]), ...own];
}

function examplesWith(docs: RouteDocs | undefined, status: number): Record<string, RouteExample> {
  return Object.fromEntries(
    Object.entries(docs?.examples ?? {}).filter(([, example]) => example.status === status),
  );
}

/** What an example sends, for the reader of its answer (the request examples show only successes). */
function requestText(example: RouteExample): { description?: string } {
  const parts = [
    ...Object.entries(example.params ?? {}).map(([name, value]) => `\`${name}\` = \`${value}\``),
    ...Object.entries(example.query ?? {}).map(([name, value]) => `query \`${name}=${value}\``),
    ...Object.entries(example.headers ?? {}).map(([name, value]) => `header \`${name}: ${value}\``),
    ...(example.body === undefined ? [] : [`body \`${JSON.stringify(example.body)}\``]),
  ];
  return parts.length === 0 ? {} : { description: `Sent: ${parts.join(', ')}.` };
}

/** The recorded answer of one example of this operation (`openapi-answers.json`), or undefined. */
export type AnswerOf = (example: string) => unknown;

function mediaExamples(examples: Record<string, RouteExample>, answerOf: AnswerOf): JsonSchema {
  const entries = Object.entries(examples).flatMap(([name, example]) => {
    const value = example.showAnswer === false ? undefined : answerOf(name);
    if (value === undefined) return [];
    return [[name, { summary: example.summary, ...requestText(example), value }] as const];
  });
  return entries.length === 0 ? {} : { examples: Object.fromEntries(entries) };
}

/** The success answer and one answer per error status, each listing its codes and with its examples. */
export function responsesOf(
  route: Route,
  docs: RouteDocs | undefined,
  successSchema: JsonSchema | undefined,
  answerOf: AnswerOf,
): JsonSchema {
  const success = docs?.status ?? (route.method === 'POST' ? 201 : 200);
  const html = route.service === 'page';
  const responses: JsonSchema = {};
  const okExamples = examplesWith(docs, success);
  responses[String(success)] = {
    description: success === 204 ? 'done, no body' : 'success',
    ...(success === 204
      ? {}
      : {
          content: html
            ? { 'text/html': { schema: { type: 'string' } } }
            : {
                'application/json': {
                  ...(successSchema === undefined ? {} : { schema: successSchema }),
                  ...mediaExamples(okExamples, answerOf),
                },
              },
        }),
  };
  for (const [status, meaning] of Object.entries(docs?.alsoAnswers ?? {})) {
    responses[status] = { description: meaning };
  }
  const byStatus = new Map<number, ErrorDoc[]>();
  for (const error of errorsOf(route, docs))
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = errors.map((error) => `- \`${error.code}\`: ${error.when}`).join('\n');
    responses[String(status)] = {
      description: html ? `an error page:\n\n${list}` : `\`tppMessages\` with one of:\n\n${list}`,
      content: html
        ? { 'text/html': { schema: { type: 'string' } } }
        : {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              ...mediaExamples(examplesWith(docs, status), answerOf),
            },
          },
    };
  }
  return responses;
}
