import { describe, expect, it } from 'vitest';
import { createSandbox, routes } from '../../packages/engine/src/index.js';

describe('GET /_sandbank/openapi.json', () => {
  it('documents every route of the route table, under the configured base path', async () => {
    const sandbox = createSandbox({ basePath: '/api-sandbox/v1' });
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
    const sandbox = createSandbox();
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
});
