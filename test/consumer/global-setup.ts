import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sh } from './processes.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds and packs both packages into packs/ (scripts/packages.mjs), as the README's
 * `pnpm pack:packages` does; `pnpm test` packs once in its packages step and says so with
 * SANDBANK_PACKED=1.
 */
export default async function setup(): Promise<void> {
  const packed =
    process.env.SANDBANK_PACKED === '1' &&
    existsSync(`${root}packs/sandbank-engine-0.1.0.tgz`) &&
    existsSync(`${root}packs/sandbank-service-worker-0.1.0.tgz`);
  if (!packed) await sh('node scripts/packages.mjs pack', root);
}
