import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_FILE } from './bundle.js';
import { OPENAPI_FILE } from './protocol.js';

const USAGE =
  'usage: sandbank-sw init <publicDir>   copies the Sandbank worker script (and the OpenAPI document it serves) into the folder';

const BUILT = new URL(`../dist/${WORKER_FILE}`, import.meta.url);

/**
 * Copies the built worker into an app's public folder, and beside it the OpenAPI document it serves
 * (OPENAPI_FILE, from the same folder as `source`); returns the worker file written.
 */
export function init(publicDir: string, source: URL = BUILT): string {
  const openApi = new URL(OPENAPI_FILE, source);
  for (const file of [source, openApi]) {
    if (!existsSync(file))
      throw new Error(`${file.pathname} is missing: build @sandbank/service-worker first`);
  }
  const target = join(resolve(publicDir), WORKER_FILE);
  mkdirSync(resolve(publicDir), { recursive: true });
  copyFileSync(source, target);
  copyFileSync(openApi, join(resolve(publicDir), OPENAPI_FILE));
  return target;
}

/** The `sandbank-sw` command; returns the exit code. */
export function runCli(args: readonly string[]): number {
  const [command, publicDir] = args;
  if (command !== 'init' || publicDir === undefined) {
    console.error(USAGE);
    return 2;
  }
  try {
    const written = init(publicDir);
    console.log(
      `Sandbank worker written to ${written}; register it with registerSandbox() from @sandbank/service-worker.`,
    );
    return 0;
  } catch (error) {
    console.error(`sandbank-sw: ${(error as Error).message}`);
    return 1;
  }
}
