import { fileURLToPath } from 'node:url';

/** The worker script's file name, in `dist/` and in an app's public folder. */
export const WORKER_FILE = 'sandbank-sw.js';

/**
 * Bundles the worker (engine included) into one classic script, the form every browser's
 * `navigator.serviceWorker.register` accepts. Returns the code when `outfile` is not given.
 */
export async function bundleWorker(outfile?: string): Promise<string> {
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
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: outfile !== undefined,
    ...(outfile === undefined ? {} : { outfile }),
    logLevel: 'warning',
    plugins: [englishOnly],
  });
  return outfile === undefined ? (result.outputFiles?.[0]?.text ?? '') : '';
}
