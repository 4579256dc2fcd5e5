import { createSandbox, routes } from '@sandbank/engine';
import { operationName } from '@sandbank/engine/internal';
import { describe, expect, it } from 'vitest';

const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('GET /_sandbank/openapi.json', () => {
  it('documents every route of the route table, under the configured base path', async () => {
    const sandbox = createSandbox({ basePath: '/api-sandbox/v1', now: () => NOW });
    const response = await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'));
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of routes) {
      const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : '/api-sandbox/v1';
      const path = `${root}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
      expect(doc.paths[path], `${route.method} ${path}`).toHaveProperty(route.method.toLowerCase());
    }
  });

  it('describes request bodies from the zod schemas', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    const doc = (await (
      await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'))
    ).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const withBody = routes.filter((r) => r.body !== undefined);
    for (const route of withBody) {
      const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : '/v1';
      const path = `${root}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()]?.requestBody).toBeDefined();
    }
    expect(withBody.length).toBeGreaterThan(0);
  });

  it('describes the successful answers from the response schemas', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    const doc = (await (
      await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'))
    ).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const withResponse = routes.filter((r) => r.response !== undefined);
    for (const route of withResponse) {
      const root = route.service === 'control' || route.service === 'page' ? '/_sandbank' : '/v1';
      const path = `${root}${route.path}`.replace(/:([A-Za-z][\w-]*)/g, '{$1}');
      const responses = doc.paths[path]?.[route.method.toLowerCase()]?.responses ?? {};
      expect(responses[route.method === 'POST' ? '201' : '200'], `${route.method} ${path}`).toBeDefined();
    }
    for (const path of ['/accounts', '/card-accounts/:id/transactions', '/agreements']) {
      expect(withResponse.some((r) => r.path === path)).toBe(true);
    }
    for (const path of ['/sandbox/accounts', '/sandbox/customers', '/sandbox/card-accounts']) {
      expect(routes.find((r) => r.method === 'POST' && r.path === path)?.body).toBeDefined();
    }
  });

  it('gives every operation a unique operationId, named after the operation', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    const doc = (await (
      await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'))
    ).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(ids).toHaveLength(routes.length);
    expect(new Set(ids).size).toBe(ids.length);
    // Named for the request log and this document even where a bundler renames functions.
    for (const route of routes) {
      expect(operationName(route.operation), `${route.method} ${route.path}`).toBe(route.operation.name);
    }
    expect(ids).toContain('listAccounts');
    expect(ids).toContain('sandboxGetAccount');
  });
});
