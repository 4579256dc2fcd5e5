import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The worker script's file name, in `dist/` and in an app's public folder. */
export const WORKER_FILE = 'sandbank-sw.js';

/** The built worker: minified code that ends with `//# sourceMappingURL=<file>.map`, and its source map. */
export interface BuiltWorker {
  code: string;
  map: string;
}

/**
 * Bundles the worker (engine included) into one minified classic script, the form every browser's
 * `navigator.serviceWorker.register` accepts, with a source map (sources embedded) beside it.
 */
export async function buildWorker(): Promise<BuiltWorker> {
  const { build } = await import('esbuild');
  // zod's `z` namespace re-exports every locale (about 300 KB minified), and a namespace used as a
  // value cannot be tree-shaken. The engine's messages are English: keep only that locale.
  const englishOnly: import('esbuild').Plugin = {
    name: 'zod-english-only',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
          ? {
              path: fileURLToPath(new URL('../locales/en.js', `file://${args.importer}`)),
              namespace: 'zod-en',
            }
          : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-en' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(args.path)};`,
        resolveDir: '/',
      }));
    },
  };
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    // Where the map's relative source paths start from (nothing is written there).
    outfile: fileURLToPath(new URL(`../dist/${WORKER_FILE}`, import.meta.url)),
    // The engine from its sources in this repository (package.json "exports" condition).
    conditions: ['@sandbank/source'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    plugins: [englishOnly],
  });
  const output = (extension: string) =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return { code: output('.js'), map: output('.js.map') };
}

/** The worker's code; with `outfile`, also writes it there and its source map to `<outfile>.map`. */
export async function bundleWorker(outfile?: string): Promise<string> {
  const { code, map } = await buildWorker();
  if (outfile !== undefined) {
    mkdirSync(dirname(outfile), { recursive: true });
    writeFileSync(outfile, code);
    writeFileSync(`${outfile}.map`, map);
  }
  return code;
}
