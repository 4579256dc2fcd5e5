import { createSandbox, routes } from '@sandbank/engine';
import { docsKey, openApiSources } from '@sandbank/engine/internal';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_NOW, sendExample } from './openapi-examples.js';

interface Operation {
  summary: string;
  description?: string;
  parameters: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  security: Record<string, string[]>[];
}

async function document(): Promise<{ paths: Record<string, Record<string, Operation>> }> {
  const sandbox = createSandbox({ now: () => EXAMPLE_NOW });
  return (await (await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'))).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
}

const documented = routes.flatMap((route) =>
  Object.entries(openApiSources.docs[docsKey(route)]?.examples ?? {}).map(
    ([name, example]) => [`${docsKey(route)} ${name}`, route, name, example] as const,
  ),
);

describe('the OpenAPI document explains every operation', () => {
  it('gives every route a summary and a description citing the contract or saying it is Sandbank\u2019s own', () => {
    for (const route of routes) {
      const docs = openApiSources.docs[docsKey(route)];
      expect(docs, docsKey(route)).toBeDefined();
      expect(docs?.summary.length, docsKey(route)).toBeGreaterThan(5);
      expect(docs?.description, docsKey(route)).toMatch(/part \d|control plane|Sandbank/);
    }
    // No documentation for a route that does not exist.
    const keys = new Set(routes.map(docsKey));
    for (const key of Object.keys(openApiSources.docs)) expect(keys.has(key), key).toBe(true);
  });

  it('declares the part 4.1 headers as the contract requires them', async () => {
    const { paths } = await document();
    const header = (op: Operation | undefined, name: string) =>
      op?.parameters.find((p) => p.in === 'header' && p.name === name);
    const listAccounts = paths['/v1/accounts']?.get;
    expect(header(listAccounts, 'X-Request-ID')?.required).toBe(true);
    expect(header(listAccounts, 'Date')?.required).toBe(true);
    expect(header(listAccounts, 'PSU-ID')?.required).toBe(false);
    expect(header(listAccounts, 'TPP-Session-ID')?.required).toBe(false);
    const createPayment = paths['/v1/payments/{product}']?.post;
    for (const name of [
      'x-accept-fix',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'PSU-IP-Address',
      'PSU-Context',
      'Digest',
    ]) {
      expect(header(createPayment, name)?.required, name).toBe(true);
    }
    expect(header(createPayment, 'X-PSU-IDENTITY')?.required).toBe(false);
    expect(header(createPayment, 'TPP-Brand-Logging-Information')?.required).toBe(false);
    const details = paths['/v1/accounts/{id}/transactions/{transactionId}']?.get;
    expect(header(details, 'PSU-Context')?.required).toBe(false);
    expect(header(details, 'PSU-IP-Address')?.required).toBe(false);
    expect(header(paths['/v1/sandbox/accounts']?.post, 'Digest')?.required).toBe(true);
    const basket = paths['/v1/signing-baskets']?.post;
    for (const name of ['x-accept-fix', 'TPP-Session-ID', 'TPP-Redirect-URI', 'PSU-ID', 'PSU-IP-Address']) {
      expect(header(basket, name)?.required, name).toBe(true);
    }
    // part 5.1: the signature and the certificate are the security of every /v1 call, and of no other.
    expect(listAccounts?.security).toEqual([{ signature: [], tppSignatureCertificate: [] }]);
    expect(paths['/_sandbank/clock']?.get?.security).toEqual([]);
  });

  it('lists the tppMessages codes of each failure with its status', async () => {
    const { paths } = await document();
    const basket = paths['/v1/signing-baskets']?.post;
    expect(JSON.stringify(basket?.responses['400'])).toContain('REFERENCE_MIX_INVALID');
    const accounts = paths['/v1/accounts']?.get;
    expect(JSON.stringify(accounts?.responses['401'])).toContain('CONSENT_INVALID');
    expect(
      JSON.stringify(paths['/v1/accounts/{id}/transactions/{transactionId}']?.get?.responses['429']),
    ).toContain('ACCESS_EXCEEDED');
  });

  it('shows each example\u2019s recorded answer and each accepted body as a request example', async () => {
    const { paths } = await document();
    const customers = paths['/v1/sandbox/customers']?.get?.responses['200']?.content?.['application/json'];
    expect(customers?.examples?.seeded?.value).toEqual(
      openApiSources.answers['GET /sandbox/customers seeded'],
    );
    const payment = paths['/v1/payments/{product}']?.post;
    expect(payment?.requestBody?.content['application/json']?.examples?.ndct?.value).toMatchObject({
      creditorName: 'Ola Hansen',
    });
  });
});

describe('every example of the OpenAPI document, sent to a freshly seeded bank', () => {
  it('covers most operations', () => {
    const covered = new Set(documented.map(([, route]) => route));
    // The two form posts of the bank's pages need a browser's cookie and CSRF token.
    expect(routes.filter((route) => !covered.has(route)).map(docsKey)).toEqual([
      'GET /_sandbank/consents',
      'POST /_sandbank/consents',
      'POST /_sandbank/sca/:authorisationId',
    ]);
  });

  it.each(documented)('%s is answered as documented', async (key, route, _name, example) => {
    const answer = await sendExample(route, example);
    expect(answer.status).toBe(example.status);
    if (example.showAnswer === false || typeof answer.body === 'string') return;
    expect(answer.body).toEqual(openApiSources.answers[key]);
  });
});
