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

  test('emits the worker into the build output', async () => {
    const emitted: Array<{ fileName: string; source: string }> = [];
    await sandbankServiceWorker({ path: '/sw/sandbank.js' }).generateBundle.call({
      emitFile(file) {
        emitted.push(file);
        return file.fileName;
      },
    });
    expect(emitted[0]?.fileName).toBe('sw/sandbank.js');
    expect(emitted[0]?.source.length).toBeGreaterThan(1000);
  });
});
