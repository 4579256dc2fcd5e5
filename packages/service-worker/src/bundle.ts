import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pkijsTreeShakable, zodEnglishOnly } from './bundle-plugins.js';

/** The worker script's file name, in `dist/` and in an app's public folder. */
export const WORKER_FILE = 'sandbank-sw.js';

/** The built worker: minified code that ends with `//# sourceMappingURL=<file>.map`, and its source map. */
export interface BuiltWorker {
  code: string;
  map: string;
  /** esbuild's metafile (what each input adds to the output), for the size report. */
  metafile?: import('esbuild').Metafile;
}

/** Options for measuring the bundle (the size report): esbuild's metafile, plugins run before the build's own. */
export interface BuildWorkerOptions {
  metafile?: boolean;
  plugins?: import('esbuild').Plugin[];
}

/**
 * Bundles the worker (engine included) into one minified classic script, the form every browser's
 * `navigator.serviceWorker.register` accepts, with a source map (sources embedded) beside it.
 */

export async function buildWorker(options: BuildWorkerOptions = {}): Promise<BuiltWorker> {
  const { build } = await import('esbuild');
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
    plugins: [...(options.plugins ?? []), zodEnglishOnly, pkijsTreeShakable],
    metafile: options.metafile === true,
  });
  const output = (extension: string) =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  return {
    code: output('.js'),
    map: output('.js.map'),
    ...(result.metafile === undefined ? {} : { metafile: result.metafile }),
  };
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
