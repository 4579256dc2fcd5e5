import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BuiltWorker, WORKER_FILE } from './bundle.js';
import { OPENAPI_FILE } from './protocol.js';

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
const builtOpenApi = new URL(`../dist/${OPENAPI_FILE}`, import.meta.url);

/**
 * The worker script, its source map and the OpenAPI document it serves: bundled from source when this
 * module runs from the Sandbank repository's sources (so dev never serves a stale build), else the
 * files built into `dist/`.
 */
async function workerFiles(): Promise<BuiltWorker> {
  if (existsSync(new URL('./worker.ts', import.meta.url))) {
    const { buildWorker } = await import('./bundle.js');
    return buildWorker();
  }
  for (const file of [built, builtOpenApi]) {
    if (!existsSync(file))
      throw new Error(`[sandbank] ${file.pathname} is missing: reinstall @sandbank/service-worker`);
  }
  const map = new URL(`${built.href}.map`);
  return {
    code: readFileSync(built, 'utf8'),
    map: existsSync(map) ? readFileSync(map, 'utf8') : '',
    openapi: readFileSync(builtOpenApi, 'utf8'),
  };
}

/** The worker served at `path`: its source-map comment names the map next to it, `<file>.map`. */
function servedAt(worker: BuiltWorker, path: string): BuiltWorker {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const code = worker.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  return {
    code: worker.map === '' ? code : `${code}\n//# sourceMappingURL=${file}.map\n`,
    map: worker.map,
    openapi: worker.openapi,
  };
}

/**
 * Serves the Sandbank worker in `vite dev` without copying it into `public/`, and emits it into
 * the build output so `vite build` ships it at the same path; the OpenAPI document it serves goes
 * beside it (OPENAPI_FILE in the same folder).
 */
export function sandbankServiceWorker(options: SandbankVitePluginOptions = {}): SandbankVitePlugin {
  const path = options.path ?? `/${WORKER_FILE}`;
  const openApiPath = `${path.slice(0, path.lastIndexOf('/') + 1)}${OPENAPI_FILE}`;
  const files = () => workerFiles().then((worker) => servedAt(worker, path));
  return {
    name: 'sandbank-service-worker',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '').split('?')[0];
        if (pathname !== path && pathname !== `${path}.map` && pathname !== openApiPath) {
          next();
          return;
        }
        files().then(
          ({ code, map, openapi }) => {
            const isScript = pathname === path;
            const body = isScript ? code : pathname === openApiPath ? openapi : map;
            response.statusCode = body === '' ? 404 : 200;
            response.setHeader(
              'content-type',
              isScript ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8',
            );
            response.setHeader('cache-control', 'no-cache');
            if (isScript) response.setHeader('service-worker-allowed', '/');
            response.end(body);
          },
          (error: unknown) => {
            response.statusCode = 500;
            response.end(String((error as Error).message));
          },
        );
      });
    },
    /** `vite build`: the minified worker and, beside it, its source map and the OpenAPI document. */
    async generateBundle() {
      const { code, map, openapi } = await files();
      const fileName = path.replace(/^\//, '');
      this.emitFile({ type: 'asset', fileName, source: code });
      if (map !== '') this.emitFile({ type: 'asset', fileName: `${fileName}.map`, source: map });
      this.emitFile({ type: 'asset', fileName: openApiPath.replace(/^\//, ''), source: openapi });
    },
  };
}
