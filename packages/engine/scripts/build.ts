// `pnpm --filter @sandbank/engine build` (and `prepack`): dist/ as published. tsc writes the type
// declarations, file by file beside their sources' layout; esbuild writes the JavaScript, one file
// per entry of package.json's "exports" (and the CLI the `sandbank` bin runs), the modules they
// share in dist/chunks/. A module graph of some 240 files made every fresh process that imported the
// engine spend about a quarter of its import resolving, reading and compiling them
// (docs/decisions/packaging.md).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { asn1jsUtilsNamespaces, pkijsTreeShakable } from '../src/bundling.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Entry points, by their path in dist/ without the extension: each export's source (its
 * `@sandbank/source` target) built to where its `default` target says, so the two cannot drift.
 */
function entries(): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const found: Record<string, string> = { 'node/cli': 'src/node/cli.ts' };
  for (const target of Object.values<{ default: string; '@sandbank/source'?: string } | string>(exports)) {
    if (typeof target !== 'object') continue;
    const built = /^\.\/dist\/(.+)\.js$/.exec(target.default)?.[1];
    const source = target['@sandbank/source'];
    if (built === undefined || typeof source !== 'string') {
      throw new Error(`build: an export without a dist/*.js default and a source: ${JSON.stringify(target)}`);
    }
    found[built] = source;
  }
  return found;
}

/**
 * Dependencies bundled into dist/ rather than imported: zod (some 90 modules), and pkijs and asn1js
 * with the small packages they import (a fresh process spent about 20 ms resolving, reading and
 * compiling them apart; docs/decisions/packaging.md). They stay dependencies, for the declarations' types.
 */
const BUNDLED = ['zod', 'pkijs', 'asn1js'];

/** The packages the built JavaScript imports rather than bundles: every other dependency, and peers. */
function external() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  return names.filter((name) => !BUNDLED.includes(name)).flatMap((name) => [name, `${name}/*`]);
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--emitDeclarationOnly'],
  { cwd: root, stdio: 'inherit' },
);
await build({
  absWorkingDir: root,
  entryPoints: entries(),
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  // The engine runs in browsers, workers and Node alike; its dependencies (and Node's modules, which
  // only the node/ entries import) stay imports, resolved where the package is installed. All but
  // BUNDLED: zod's ESM is some 90 modules (64 of them locales), and importing them took a third of a
  // fresh process's `import('@sandbank/engine')`; bundled, only the parts the engine uses are read,
  // once (docs/decisions/packaging.md).
  platform: 'neutral',
  mainFields: ['module', 'main'],
  external: [...external(), 'node:*'],
  // pkijs's classes that nothing reaches left out (its module keeps all 189 otherwise): about a
  // quarter of the code a fresh process compiled at its import (docs/decisions/packaging.md). Not
  // `engineOnly`: the identities the TPP kit hands out carry pkijs certificates (`certificate.x509`),
  // whose methods need pkijs's global CryptoEngine.
  plugins: [pkijsTreeShakable(), asn1jsUtilsNamespaces],
  target: 'es2022',
  // No keepNames: it would cost every closure a defineProperty at run time, and nothing reads a
  // function's name (operations are named by their route tables' keys, core/router.ts).
  // The sources ship in the package (src/), so the maps point at them instead of embedding them.
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
