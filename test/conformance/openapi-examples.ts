import { createSandbox, type Route } from '@sandbank/engine';
import { docsKey, type RouteExample } from '@sandbank/engine/internal';
import { signing } from '@sandbank/test-support/signing';

/** The bank every example of the OpenAPI document is written against (its `info.description`). */
export const EXAMPLE_NOW = Date.parse('2026-03-02T10:00:00Z');

export interface ExampleAnswer {
  status: number;
  /** The parsed JSON answer, the text of another, undefined when empty. */
  body: unknown;
}

/** The URL path of a route with the example's parameters filled in, under `/v1` or `/_sandbank`. */
export function examplePath(route: Route, example: RouteExample): string {
  const root = route.service === 'control' || route.service === 'page' ? '' : '/v1';
  const path = `${root}${docsKey(route).split(' ')[1]}`.replace(/:([A-Za-z][\w-]*)/g, (_, name: string) => {
    const value = example.params?.[name];
    if (value === undefined) throw new Error(`example ${example.summary} lacks path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(example.query ?? {}).toString();
  return query === '' ? path : `${path}?${query}`;
}

/**
 * Sends one example, as a TPP would, to a freshly seeded bank: with an X-Request-ID, signed by the TPP
 * kit's AISP+PISP preset (Date, Digest, Signature, certificate), with the example's own headers.
 */
export async function sendExample(route: Route, example: RouteExample): Promise<ExampleAnswer> {
  const sandbox = signing(createSandbox({ now: () => EXAMPLE_NOW, checkResponses: true }));
  const body = example.body === undefined ? undefined : JSON.stringify(example.body);
  const response = await sandbox.fetch(
    new Request(`http://localhost${examplePath(route, example)}`, {
      method: route.method,
      headers: {
        'x-request-id': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...example.headers,
      },
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    }),
  );
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: text === '' ? undefined : json ? JSON.parse(text) : text };
}
