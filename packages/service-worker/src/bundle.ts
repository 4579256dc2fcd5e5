import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeOnlyLargeBodies, workerOpenApiDocument } from './bundle-plugins.js';
import { OPENAPI_BASE_PATH_MARK, OPENAPI_FILE } from './protocol.js';

type Plugin = import('esbuild').Plugin;

/** The worker script's file name, in `dist/` and in an app's public folder. */
export const WORKER_FILE = 'sandbank-sw.js';

/** The built worker: minified code that ends with `//# sourceMappingURL=<file>.map`, and its source map. */
export interface BuiltWorker {
  code: string;
  map: string;
  /** The OpenAPI document the worker serves, to be placed beside it as OPENAPI_FILE (openapi-document.ts). */
  openapi: string;
}

/** Options for measuring the bundle: plugins run before the build's own, names kept for a profile. */
export interface BuildWorkerOptions {
  plugins?: import('esbuild').Plugin[];
  /** Keeps the code's own names (whitespace and syntax still minified), for a readable CPU profile. */
  keepIdentifiers?: boolean;
}

/** Where the worker's build would write the script: its source map's paths are relative to that folder. */
const WORKER_OUTFILE = fileURLToPath(new URL(`../dist/${WORKER_FILE}`, import.meta.url));

/** A file of this package's sources (`../src/`, whether this module runs from src/ or built into dist/). */
const source = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/**
 * The worker's own modules that its entry (worker.ts) and its engine module (runtime.ts) both import:
 * bundled once, with the entry, and handed to the engine's bundle (`SHARED`, in `load` below), so
 * there is one IndexedDB connection's code and one configuration.
 */
const SHARED_WITH_ENTRY = new Map(
  ['storage/indexeddb.ts', 'worker-config.ts', 'protocol.ts', 'auto-sign-options.ts', 'version.ts'].map(
    (file) => [source(file), file] as const,
  ),
);

/** The name the engine module's bundle reads the shared modules from, and assigns its own exports to. */
const SHARED = 'sandbankShared';
const ENGINE_EXPORTS = 'sandbankEngine';

/** In the engine module's build: each module the entry bundles is read from `SHARED`. */
const sharedWithEntry: Plugin = {
  name: 'shared-with-entry',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return SHARED_WITH_ENTRY.has(path) ? { path, namespace: 'shared-with-entry' } : undefined;
    });
    // A CommonJS module of the entry's module namespace: any name the engine imports resolves in it.
    pluginBuild.onLoad({ filter: /.*/, namespace: 'shared-with-entry' }, (args) => ({
      contents: `module.exports = ${SHARED}[${JSON.stringify(SHARED_WITH_ENTRY.get(args.path))}];`,
      loader: 'js',
    }));
  },
};

/** The inline source map at the end of the engine module's bundle, its JSON in base64. */
const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * The engine module's bundle as the module worker.ts imports: its code inside one function, run when
 * the module is first imported, with the shared modules (`SHARED_WITH_ENTRY`) the entry bundled, and
 * its source map (inline, which the worker's build follows) moved down the lines before it.
 */
function engineModuleSource(bundled: string): string {
  const map = INLINE_MAP.exec(bundled);
  if (map === null) throw new Error("engine-module: the engine module's bundle has no inline source map");
  const shared = [...SHARED_WITH_ENTRY].map(([path, file], i) => ({ path, file, name: `shared${i}` }));
  const head = [
    ...shared.map(({ path, name }) => `import * as ${name} from ${JSON.stringify(path)};`),
    'function load() {',
    `const ${SHARED} = { ${shared.map(({ file, name }) => `${JSON.stringify(file)}: ${name}`).join(', ')} };`,
  ];
  const parsed = JSON.parse(Buffer.from(map[1] as string, 'base64').toString()) as { mappings: string };
  parsed.mappings = `${';'.repeat(head.length)}${parsed.mappings}`;
  return [
    ...head,
    bundled.slice(0, map.index),
    `return ${ENGINE_EXPORTS};`,
    '}',
    'const engine = load();',
    'export const respond = engine.respond, runtime = engine.runtime;',
    `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(parsed)).toString('base64')}`,
  ].join('\n');
}

/**
 * The worker's engine module (runtime.ts, which worker.ts imports with `import()`) bundled on its own,
 * with the rewrites of its dependencies (`@sandbank/engine/bundling`) and of its own modules
 * (bundle-plugins.ts), and put in the worker's script as one function
 * (`engineModuleSource`), evaluated when the entry asks for it (after a woken worker has asked
 * IndexedDB for its stored records). Bundled with the rest, every module it reaches would be kept in
 * a function of its own (esbuild's wrappers for what `import()` reaches), 6 KB gzipped more, and an
 * ES module bundled in would be too (its declarations hoisted out of them), 3 KB more.
 */
function engineModule(options: BuildWorkerOptions): Plugin {
  return {
    name: 'engine-module',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\/runtime\.js$/ }, (args) =>
        args.importer === source('worker.ts')
          ? { path: source('runtime.ts'), namespace: 'engine-module' }
          : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: 'engine-module' }, async (args) => {
        const { build } = await import('esbuild');
        const { asn1jsUtilsNamespaces, pkijsTreeShakable, zodEnglishOnly, zodWithoutJsonSchema } =
          await import('@sandbank/engine/bundling');
        const result = await build({
          // The worker's outfile too: the map's paths are relative to dist/, and read from src/ (where the
          // worker's build finds this module), a sibling folder, they name the same files.
          ...scriptOptions(options),
          entryPoints: [args.path],
          globalName: ENGINE_EXPORTS,
          // Minified here, where its modules are still apart; the map goes with the code, for the
          // worker's build to follow.
          sourcemap: 'inline',
          plugins: [
            ...(options.plugins ?? []),
            zodEnglishOnly,
            zodWithoutJsonSchema,
            // The worker hands no pkijs object to the app: it leaves out pkijs's CryptoEngine too.
            pkijsTreeShakable({ engineOnly: true }),
            asn1jsUtilsNamespaces,
            workerOpenApiDocument,
            nodeOnlyLargeBodies,
            sharedWithEntry,
          ],
        });
        return {
          contents: engineModuleSource(result.outputFiles[0]?.text ?? ''),
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/** What the worker's build and the engine module's share: a minified classic script from the sources. */
function scriptOptions(options: BuildWorkerOptions): import('esbuild').BuildOptions & { write: false } {
  return {
    // Where the map's relative source paths start from (nothing is written there).
    outfile: WORKER_OUTFILE,
    // The engine from its sources in this repository (package.json "exports" condition).
    conditions: ['@sandbank/source'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: options.keepIdentifiers !== true,
    // Names kept where asked (a readable CPU profile).
    ...(options.keepIdentifiers === true ? { minifyWhitespace: true, minifySyntax: true } : {}),
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
  };
}

/**
 * Bundles the worker (engine included) into one minified classic script, the form every browser's
 * `navigator.serviceWorker.register` accepts, with a source map (sources embedded) beside it. The
 * engine's module is bundled apart and kept in one function (`engineModule`).
 */
export async function buildWorker(options: BuildWorkerOptions = {}): Promise<BuiltWorker> {
  const { build } = await import('esbuild');
  const result = await build({
    ...scriptOptions(options),
    entryPoints: [source('worker.ts')],
    sourcemap: 'linked',
    plugins: [engineModule(options)],
  });
  const output = (extension: string) =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return {
    code: output('.js'),
    map: output('.js.map'),
    openapi: await openApiFile(),
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
