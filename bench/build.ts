/**
 * `pnpm bench:build`, run first by every `bench*` script: the benchmarks time the packages as a user
 * installs them (each package's `exports` `default`, its `dist/`, built by its own `build` script), not
 * the TypeScript sources through tsx (docs/benchmarks.md, "The bench runs the published build").
 * Builds each package whose `dist/` is missing or older than anything it is built from, in the order
 * they depend on each other, so a fresh clone and an edited source are both measured as built.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Built {
  name: string;
  folder: string;
  /** A file the build writes last-ish; its time is the build's. */
  output: string;
  /** Files and folders (walked) the build reads, relative to the package's folder. */
  inputs: string[];
}

/** What the Node-timed benchmarks import from a `dist/`, the engine first (the worker's declarations need it). */
const PACKAGES: Built[] = [
  {
    name: '@sandbank/engine',
    folder: 'packages/engine',
    output: 'dist/index.js',
    inputs: ['src', 'scripts', 'package.json', 'tsconfig.build.json', '../../tsconfig.base.json'],
  },
  {
    name: '@sandbank/service-worker',
    folder: 'packages/service-worker',
    output: 'dist/internal.js',
    // The worker script bundles the engine from its sources (bundle.ts), so they are its inputs too.
    inputs: [
      'src',
      'scripts',
      'package.json',
      'tsconfig.build.json',
      '../../tsconfig.base.json',
      '../engine/src',
    ],
  },
];

/** The newest modification time under `path` (a folder's own time too: a deleted file changes it). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why `built` needs building, or null when its `dist/` is newer than all it is built from. */
function staleness(built: Built): string | null {
  const output = join(ROOT, built.folder, built.output);
  if (!existsSync(output)) return `${built.folder}/${built.output} is missing`;
  const builtAt = statSync(output).mtimeMs;
  const changed = built.inputs.find((input) => newest(join(ROOT, built.folder, input)) > builtAt);
  return changed === undefined ? null : `${built.folder}/${changed} changed since the last build`;
}

for (const built of PACKAGES) {
  const why = staleness(built);
  if (why === null) {
    console.log(`bench: ${built.name}'s dist/ is up to date`);
    continue;
  }
  const command = `pnpm --filter ${built.name} build`;
  console.log(`bench: ${why}: ${command}`);
  try {
    execFileSync('pnpm', ['--filter', built.name, 'build'], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    // tsc writes dist/ even when it reports errors: without its marker the next run builds again.
    rmSync(join(ROOT, built.folder, built.output), { force: true });
    console.error(`bench: \`${command}\` failed (above); the bench times the built packages and cannot run`);
    process.exit(1);
  }
}
