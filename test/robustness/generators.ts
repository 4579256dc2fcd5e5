import fc from 'fast-check';
import type { Route, Sandbox, State } from '../../packages/engine/src/index.js';

/**
 * Arbitrary requests over every route of the table: right and wrong methods, real and made-up ids,
 * valid and broken headers, JSON bodies of every shape, raw bytes that are not UTF-8, emoji.
 */
export interface GeneratedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
}

const GOOD_HEADERS: Record<string, string> = {
  'PSU-ID': '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  'PSU-IP-Address': '192.168.8.78',
  'TPP-Session-ID': 'session-1',
  'TPP-Redirect-URI': 'https://tpp.example/cb',
  'PSU-Context': 'PRIVATE',
  'PSU-Corporate-ID': '0b5c1a2e-6f7d-4a8b-9c0d-1e2f3a4b5c6d',
  'x-accept-fix': 'amount-as-string',
  'TPP-Redirect-Preferred': 'false',
};

const ODD_VALUES = [
  '',
  ' ',
  'null',
  'x'.repeat(600),
  '☕',
  'Ærø',
  '-1',
  '1e309',
  'NaN',
  '../..',
  '%00',
  'PRIVATE,CORPORATE',
];

const header = fc.oneof(
  fc.constantFrom(...Object.entries(GOOD_HEADERS)),
  fc.tuple(
    fc.constantFrom(...Object.keys(GOOD_HEADERS), 'Date', 'X-Date', 'Digest', 'Signature'),
    fc.constantFrom(...ODD_VALUES),
  ),
  fc.tuple(fc.constantFrom('X-Unknown', 'Accept', 'PSU-Geo-Location'), fc.string({ maxLength: 20 })),
);

const jsonBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constant('{"a":'),
  fc.constant(`${'['.repeat(60)}${']'.repeat(60)}`),
  fc.constant('<xml/>'),
  fc.constant(JSON.stringify({ name: 'Kaffe ☕' })),
  fc.constant(JSON.stringify([{ amount: 1e308, currency: 'NOK' }])),
);

const rawBody = fc
  .uint8Array({ maxLength: 64 })
  .map((bytes) => new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0xff, 0x22, 0x7d]));

function pathFor(route: Route, basePath: string): fc.Arbitrary<string> {
  const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : basePath;
  const segments = route.path.split('/').filter(Boolean);
  return fc
    .tuple(
      ...segments.map((segment) =>
        segment.startsWith(':')
          ? fc.oneof(
              fc.constant('{id}'),
              fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
              fc.constant('%E0%A4%A'),
            )
          : fc.constant(segment),
      ),
    )
    .map((parts) => `${root}/${parts.join('/')}`);
}

/** Fills `{id}` placeholders with ids that exist in the state, so deep paths are reached too. */
export function resolveIds(path: string, state: State, pick: number): string {
  const ids = [
    ...Object.keys(state.accounts),
    ...Object.keys(state.customers),
    ...Object.keys(state.cardAccounts),
    ...Object.keys(state.agreements),
  ];
  return path.replaceAll('{id}', () => encodeURIComponent(ids[pick % Math.max(ids.length, 1)] ?? 'none'));
}

export function requestArbitrary(routes: readonly Route[], basePath: string): fc.Arbitrary<GeneratedRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      ),
      path: pathFor(route, basePath),
      headers: fc.array(header, { maxLength: 6 }).chain((pairs) =>
        fc.boolean().map((withId) => ({
          ...(withId ? { 'X-Request-ID': 'fuzz' } : {}),
          ...Object.fromEntries(pairs),
        })),
      ),
      body: fc.oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 5, arbitrary: jsonBody },
        rawBody,
      ),
    }),
  );
}

export function toRequest(generated: GeneratedRequest, state: State, pick: number): Request {
  const hasBody = generated.body !== null && generated.method !== 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(generated.headers)) {
    try {
      headers.set(name, value);
    } catch {
      // a value fetch itself refuses (e.g. a non-Latin-1 character) never reaches a bank either
    }
  }
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Request(`http://localhost${resolveIds(generated.path, state, pick)}`, {
    method: generated.method,
    headers,
    ...(hasBody ? { body: generated.body as BodyInit } : {}),
  });
}

export interface Violation {
  request: string;
  problem: string;
}

function withoutAuthorisations(state: State): string {
  const { authorisations: _a, meta, ...rest } = state;
  return JSON.stringify({ ...rest, seed: meta.seed });
}

/** Sends one request and checks the invariants every answer must keep. */
export async function checkInvariants(
  sandbox: Sandbox,
  request: Request,
  knownCodes: ReadonlySet<string>,
): Promise<Violation | null> {
  const label = `${request.method} ${new URL(request.url).pathname}`;
  const before = sandbox.getState();
  const snapshot = JSON.stringify(before);
  let response: Response;
  try {
    response = await sandbox.fetch(request);
  } catch (error) {
    return { request: label, problem: `threw ${String(error)}` };
  }
  if (response.status >= 500)
    return { request: label, problem: `answered ${response.status}: ${await response.text()}` };
  if (response.status >= 400) {
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    const body = (isJson ? await response.json() : {}) as {
      tppMessages?: Array<{ category: string; code: string; text: string }>;
      _links?: { scaRedirect?: unknown };
    };
    // A 401 that links to SCA records the authorisation behind the link, and nothing else.
    const unchanged =
      body._links?.scaRedirect === undefined
        ? JSON.stringify(sandbox.getState()) === snapshot
        : withoutAuthorisations(sandbox.getState()) === withoutAuthorisations(before);
    if (!unchanged) {
      return { request: label, problem: `a failed request (${response.status}) changed the state` };
    }
    if (isJson) {
      const messages = body.tppMessages ?? [];
      if (messages.length === 0)
        return { request: label, problem: `error ${response.status} without tppMessages` };
      for (const m of messages) {
        if (!knownCodes.has(m.code)) return { request: label, problem: `unknown code ${m.code}` };
        if (m.category !== 'ERROR' && m.category !== 'WARNING')
          return { request: label, problem: `category ${m.category}` };
        if (typeof m.text !== 'string' || m.text.length > 512)
          return { request: label, problem: 'text missing or over 512' };
      }
    }
  }
  return null;
}
