import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  asn1jsUtilsNamespaces,
  nodeOnlyLargeBodies,
  pkijsTreeShakable,
  workerOpenApiDocument,
  zodEnglishOnly,
  zodWithoutJsonSchema,
} from './bundle-plugins.js';
import { OPENAPI_BASE_PATH_MARK, OPENAPI_FILE } from './protocol.js';

/** The worker script's file name, in `dist/` and in an app's public folder. */
export const WORKER_FILE = 'sandbank-sw.js';

/** The built worker: minified code that ends with `//# sourceMappingURL=<file>.map`, and its source map. */
export interface BuiltWorker {
  code: string;
  map: string;
  /** The OpenAPI document the worker serves, to be placed beside it as OPENAPI_FILE (openapi-document.ts). */
  openapi: string;
  /** esbuild's metafile (what each input adds to the output), for the size report. */
  metafile?: import('esbuild').Metafile;
}

/** Options for measuring the bundle (the size report): esbuild's metafile, plugins run before the build's own. */
export interface BuildWorkerOptions {
  metafile?: boolean;
  plugins?: import('esbuild').Plugin[];
  /** Keeps the code's own names (whitespace and syntax still minified), for a readable CPU profile. */
  keepIdentifiers?: boolean;
}

/**
 * Bundles the worker (engine included) into one minified classic script, the form every browser's
 * `navigator.serviceWorker.register` accepts, with a source map (sources embedded) beside it.
 */

export async function buildWorker(options: BuildWorkerOptions = {}): Promise<BuiltWorker> {
  const { build } = await import('esbuild');
  const result = await build({
    // `../src/`, not `./`: this module also runs built, as `dist/internal.js` (the bench runs the
    // packages as published), and the worker is bundled from the sources the package ships either way.
    entryPoints: [fileURLToPath(new URL('../src/worker.ts', import.meta.url))],
    // Where the map's relative source paths start from (nothing is written there).
    outfile: fileURLToPath(new URL(`../dist/${WORKER_FILE}`, import.meta.url)),
    // The engine from its sources in this repository (package.json "exports" condition).
    conditions: ['@sandbank/source'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: options.keepIdentifiers !== true,
    ...(options.keepIdentifiers === true ? { minifyWhitespace: true, minifySyntax: true } : {}),
    sourcemap: 'linked',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    plugins: [
      ...(options.plugins ?? []),
      zodEnglishOnly,
      zodWithoutJsonSchema,
      pkijsTreeShakable,
      asn1jsUtilsNamespaces,
      workerOpenApiDocument,
      nodeOnlyLargeBodies,
    ],
    metafile: options.metafile === true,
  });
  const output = (extension: string) =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return {
    code: output('.js'),
    map: output('.js.map'),
    openapi: await openApiFile(),
    ...(result.metafile === undefined ? {} : { metafile: result.metafile }),
  };
}

/**
 * The engine's OpenAPI document with OPENAPI_BASE_PATH_MARK for the base path, which the worker
 * replaces with its own: the bytes the engine answers for that base path.
 */
export async function openApiFile(): Promise<string> {
  const { build } = await import('esbuild');
  // Bundled from the same engine sources as the worker, then run: the document of the engine it holds.
  const result = await build({
    stdin: {
      contents: [
        "import { openApiDocumentFor, routes } from '@sandbank/engine/internal';",
        `export default JSON.stringify(openApiDocumentFor(routes, ${JSON.stringify(OPENAPI_BASE_PATH_MARK)}));`,
      ].join('\n'),
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    conditions: ['@sandbank/source'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: string;
  };
  return module.default;
}

/**
 * The worker's code; with `outfile`, also writes it there, its source map to `<outfile>.map` and the
 * OpenAPI document beside it (OPENAPI_FILE).
 */
export async function bundleWorker(outfile?: string): Promise<string> {
  const { code, map, openapi } = await buildWorker();
  if (outfile !== undefined) {
    mkdirSync(dirname(outfile), { recursive: true });
    writeFileSync(outfile, code);
    writeFileSync(`${outfile}.map`, map);
    writeFileSync(join(dirname(outfile), OPENAPI_FILE), openapi);
  }
  return code;
}
