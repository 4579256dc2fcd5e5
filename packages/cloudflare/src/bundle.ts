import { fileURLToPath } from 'node:url';

/** The Worker's module file name, in `dist/` and in the workerd config. */
export const WORKER_FILE = 'sandbank-worker.js';

let cached: Promise<string> | null = null;

/**
 * Bundles the Worker (engine included) into one ES module, the form workerd, Miniflare and wrangler
 * take. Returns the code, and writes it too when `outfile` is given. Built once per process.
 */
export function bundleWorker(outfile?: string): Promise<string> {
  if (outfile === undefined && cached !== null) return cached;
  const built = build(outfile);
  if (outfile === undefined) cached = built;
  return built;
}

async function build(outfile?: string): Promise<string> {
  const { build } = await import('esbuild');
  const { asn1jsUtilsNamespaces, pkijsTreeShakable, zodEnglishOnly } = await import(
    '@sandbank/engine/bundling'
  );
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // The workspace's engine from its sources (docs/decisions/packaging.md); a published one from dist.
    conditions: ['@sandbank/source', 'workerd', 'worker', 'browser'],
    target: 'es2022',
    // immer and others read process.env.NODE_ENV; workerd has no `process` without nodejs_compat.
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    // What of zod, pkijs and asn1js the engine never runs stays out: a Worker compiles its whole
    // script when an isolate starts. It hands no pkijs object out, so pkijs's CryptoEngine goes too.
    plugins: [zodEnglishOnly, pkijsTreeShakable({ engineOnly: true }), asn1jsUtilsNamespaces],
  });
  const code = result.outputFiles[0]?.text ?? '';
  if (outfile !== undefined) {
    const { mkdir, writeFile } = await import('node:fs/promises');
    const { dirname } = await import('node:path');
    await mkdir(dirname(outfile), { recursive: true });
    await writeFile(outfile, code);
  }
  return code;
}
