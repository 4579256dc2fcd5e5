import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from '@sandbank/service-worker/internal';
import { build } from 'esbuild';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>test app</title><script src="/app.js"></script></head>
<body><h1>test app</h1></body></html>`;

/** Where the SCA sends the PSU back; it loads the app too, so it can go on calling the API. */
const CALLBACK = `<!doctype html>
<html><head><meta charset="utf-8"><title>callback</title><script src="/app.js"></script></head>
<body><p>callback</p></body></html>`;

export interface AppServer {
  /** `http://localhost:<port>`: a secure context, as service workers need. */
  origin: string;
  /** Requests that reached the server (the worker let them through). */
  seen: string[];
  close(): Promise<void>;
}

let bundles: Promise<{ worker: string; app: string }> | undefined;

/** The worker and the page module, bundled once per test file from source. */
function bundle(): Promise<{ worker: string; app: string }> {
  bundles ??= (async () => {
    const app = await build({
      stdin: {
        // The TPP kit too, so pages make their identity with WebCrypto and sign as a browser app does.
        contents: [
          "import { createStateMirror, registerSandbox, VERSION } from '@sandbank/service-worker';",
          "import { createTppIdentity, signRequest } from '@sandbank/engine/tpp';",
          'window.sandbank = { createStateMirror, registerSandbox, VERSION };',
          'window.tpp = { createTppIdentity, signRequest };',
          // The page's signer: one identity per page, made on first use, as a browser TPP app keeps one.
          'let identity;',
          "window.tppSign = (request, now) => (identity ??= createTppIdentity({ roles: ['PSP_AI', 'PSP_PI'] })).then((made) => signRequest(request, made, { now }));",
        ].join('\n'),
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      // The engine's TypeScript sources, as the workspace resolves them (docs/decisions/packaging.md).
      conditions: ['@sandbank/source'],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'warning',
    });
    return { worker: await bundleWorker(), app: app.outputFiles[0]?.text ?? '' };
  })();
  return bundles;
}

/** The worker script as built from source, e.g. to serve an altered copy. */
export async function workerBundle(): Promise<string> {
  return (await bundle()).worker;
}

export interface AppServerOptions {
  /** Replaces the worker script served at /sandbank-sw.js. */
  worker?: string;
  /** Extra static files: path → [content type, body]. */
  files?: Record<string, [string, string]>;
  /**
   * Serves every response with COOP/COEP, so pages are cross-origin isolated and `performance.now()`
   * has 5 µs resolution instead of 100 µs (for benchmarks).
   */
  crossOriginIsolated?: boolean;
}

/** A tiny app: a page that loads registerSandbox, the worker script, and a network fallback. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const { worker, app } = await bundle();
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    seen.push(`${request.method} ${request.url}`);
    if (options.crossOriginIsolated) {
      response.setHeader('cross-origin-opener-policy', 'same-origin');
      response.setHeader('cross-origin-embedder-policy', 'require-corp');
    }
    const extra = options.files?.[path];
    if (extra !== undefined) {
      response.setHeader('content-type', extra[0]);
      response.end(extra[1]);
    } else if (path === '/sandbank-sw.js') {
      response.setHeader('content-type', 'text/javascript');
      response.setHeader('cache-control', 'no-cache');
      response.end(options.worker ?? worker);
    } else if (path === '/app.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(app);
    } else if (path === '/' || path === '/index.html' || path === '/callback') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(path === '/callback' ? CALLBACK : PAGE);
    } else {
      response.statusCode = 404;
      response.setHeader('content-type', 'text/plain');
      response.end('from the network');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://localhost:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
