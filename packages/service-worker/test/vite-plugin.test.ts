import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { sandbankServiceWorker } from '../src/vite.js';

type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

async function serveWith(handler: Handler): Promise<{ origin: string; close(): void }> {
  const server = createServer((request, response) =>
    handler(request, response, () => {
      response.statusCode = 404;
      response.end('next');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

describe('the Vite plugin', () => {
  test('serves the worker script in dev and leaves other paths to Vite', async () => {
    let handler: Handler | undefined;
    sandbankServiceWorker().configureServer({ middlewares: { use: (h) => (handler = h) } });
    const server = await serveWith(handler!);
    try {
      const worker = await fetch(`${server.origin}/sandbank-sw.js?basePath=%2Fv1`);
      expect(worker.status).toBe(200);
      expect(worker.headers.get('content-type')).toContain('javascript');
      expect(worker.headers.get('service-worker-allowed')).toBe('/');
      expect(await worker.text()).toContain('sandbank');
      expect(await (await fetch(`${server.origin}/other.js`)).text()).toBe('next');
    } finally {
      server.close();
    }
  });

  test('serves the source map beside the worker in dev', async () => {
    let handler: Handler | undefined;
    sandbankServiceWorker().configureServer({ middlewares: { use: (h) => (handler = h) } });
    const server = await serveWith(handler!);
    try {
      const worker = await (await fetch(`${server.origin}/sandbank-sw.js`)).text();
      expect(worker.trimEnd().endsWith('//# sourceMappingURL=sandbank-sw.js.map')).toBe(true);
      const map = await fetch(`${server.origin}/sandbank-sw.js.map`);
      expect(map.status).toBe(200);
      expect(((await map.json()) as { version: number }).version).toBe(3);
    } finally {
      server.close();
    }
  });

  test('serves the OpenAPI document the worker reads beside the worker in dev', async () => {
    let handler: Handler | undefined;
    sandbankServiceWorker({ path: '/sw/sandbank.js' }).configureServer({
      middlewares: { use: (h) => (handler = h) },
    });
    const server = await serveWith(handler!);
    try {
      const document = await fetch(`${server.origin}/sw/sandbank-openapi.json`);
      expect(document.status).toBe(200);
      expect(document.headers.get('content-type')).toContain('application/json');
      const parsed = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(parsed.openapi).toBe('3.1.0');
      expect(Object.keys(parsed.paths)).toContain('/__sandbank_base_path__/accounts');
    } finally {
      server.close();
    }
  });

  test('emits the minified worker, its source map and its OpenAPI document into the build output', async () => {
    const emitted: Array<{ fileName: string; source: string }> = [];
    await sandbankServiceWorker({ path: '/sw/sandbank.js' }).generateBundle.call({
      emitFile(file) {
        emitted.push(file);
        return file.fileName;
      },
    });
    expect(emitted.map((file) => file.fileName)).toEqual([
      'sw/sandbank.js',
      'sw/sandbank.js.map',
      'sw/sandbank-openapi.json',
    ]);
    const [code, map, openapi] = emitted.map((file) => file.source) as [string, string, string];
    expect(JSON.parse(openapi)).toMatchObject({ openapi: '3.1.0' });
    // Minified: a few very long lines, not the engine's source laid out (the short lines left are
    // the insides of multi-line template literals: the HTML pages, the docs text).
    const lines = code.split('\n');
    expect(lines.length).toBeLessThan(400);
    const inLongLines = lines.filter((line) => line.length > 1_000).reduce((n, line) => n + line.length, 0);
    expect(inLongLines / code.length).toBeGreaterThan(0.85);
    expect(code).not.toContain('function createSandbox(');
    expect(code.trimEnd().endsWith('//# sourceMappingURL=sandbank.js.map')).toBe(true);
    const parsed = JSON.parse(map) as { version: number; sources: string[]; sourcesContent: string[] };
    expect(parsed.version).toBe(3);
    expect(parsed.sources.some((source) => source.endsWith('src/worker.ts'))).toBe(true);
    expect(parsed.sourcesContent.length).toBe(parsed.sources.length);
  });
});
