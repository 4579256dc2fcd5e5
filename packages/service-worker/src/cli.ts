import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_FILE } from './bundle.js';

const USAGE = 'usage: sandbank-sw init <publicDir>   copies the Sandbank worker script into the folder';

const BUILT = new URL(`../dist/${WORKER_FILE}`, import.meta.url);

/** Copies the built worker into an app's public folder; returns the file written. */
export function init(publicDir: string, source: URL = BUILT): string {
  if (!existsSync(source)) {
    throw new Error(`${source.pathname} is missing: build @sandbank/service-worker first`);
  }
  const target = join(resolve(publicDir), WORKER_FILE);
  mkdirSync(resolve(publicDir), { recursive: true });
  copyFileSync(source, target);
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
