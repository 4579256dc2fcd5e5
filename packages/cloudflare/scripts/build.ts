import { fileURLToPath } from 'node:url';
import { bundleWorker, WORKER_FILE } from '../src/bundle.js';

// `pnpm --filter @sandbank/cloudflare build`: dist/sandbank-worker.js, the module wrangler.toml and
// the workerd config name.
const outfile = fileURLToPath(new URL(`../dist/${WORKER_FILE}`, import.meta.url));
const code = await bundleWorker(outfile);
console.log(`wrote ${outfile} (${(code.length / 1024).toFixed(0)} KiB)`);
