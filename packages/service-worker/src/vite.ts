import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WORKER_FILE } from './bundle.js';

export interface SandbankVitePluginOptions {
  /** The URL path the worker is served at (default `/sandbank-sw.js`, what `registerSandbox` expects). */
  path?: string;
}

interface DevServer {
  middlewares: {
    use(handler: (request: IncomingMessage, response: ServerResponse, next: () => void) => void): void;
  };
}

interface EmitContext {
  emitFile(file: { type: 'asset'; fileName: string; source: string }): string;
}

/** A Vite plugin (structurally typed, so this package does not depend on Vite). */
export interface SandbankVitePlugin {
  name: string;
  configureServer(server: DevServer): void;
  generateBundle(this: EmitContext): Promise<void>;
}

const built = new URL(`../dist/${WORKER_FILE}`, import.meta.url);

/** The worker script: the built file, or (inside the Sandbank repository) bundled from source. */
async function workerSource(): Promise<string> {
  if (existsSync(built)) return readFileSync(built, 'utf8');
  if (existsSync(new URL('./worker.ts', import.meta.url))) {
    const { bundleWorker } = await import('./bundle.js');
    return bundleWorker();
  }
  throw new Error(
    `[sandbank] ${built.pathname} is missing: build @sandbank/service-worker (pnpm --filter @sandbank/service-worker build)`,
  );
}

/**
 * Serves the Sandbank worker in `vite dev` without copying it into `public/`, and emits it into
 * the build output so `vite build` ships it at the same path.
 */
export function sandbankServiceWorker(options: SandbankVitePluginOptions = {}): SandbankVitePlugin {
  const path = options.path ?? `/${WORKER_FILE}`;
  return {
    name: 'sandbank-service-worker',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '').split('?')[0];
        if (pathname !== path) {
          next();
          return;
        }
        workerSource().then(
          (source) => {
            response.statusCode = 200;
            response.setHeader('content-type', 'text/javascript; charset=utf-8');
            response.setHeader('cache-control', 'no-cache');
            response.setHeader('service-worker-allowed', '/');
            response.end(source);
          },
          (error: unknown) => {
            response.statusCode = 500;
            response.end(String((error as Error).message));
          },
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: path.replace(/^\//, ''), source: await workerSource() });
    },
  };
}
