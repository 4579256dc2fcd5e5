import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleWorker, WORKER_FILE } from '../src/bundle.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

rmSync(dist, { recursive: true, force: true });
await bundleWorker(`${dist}${WORKER_FILE}`);
// The page-side module and the Node tools: ESM, dependencies left to the app's bundler.
await build({
  entryPoints: [src('index.ts'), src('docs.ts')],
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  packages: 'external',
  logLevel: 'warning',
});
await build({
  entryPoints: [src('vite.ts'), src('cli.ts'), src('bundle.ts'), src('internal.ts')],
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
console.log(`built ${dist}`);
