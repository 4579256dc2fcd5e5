#!/usr/bin/env node
// The two published packages, packed as a user installs them (docs/decisions/packaging.md).
//
//   node scripts/packages.mjs pack [dir]    builds and packs both into dir (default packs/)
//   node scripts/packages.mjs check [dir]   packs them, then publint and attw on each tarball
//
// `pnpm pack` runs each package's prepack (its build) and rewrites `workspace:` ranges to versions.
// The engine is packed first: the service worker's type declarations are built against its dist/.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** In packing order. */
export const PACKAGES = [
  { name: '@sandbank/engine', dir: 'packages/engine', tarball: 'sandbank-engine-0.1.0.tgz' },
  {
    name: '@sandbank/service-worker',
    dir: 'packages/service-worker',
    tarball: 'sandbank-service-worker-0.1.0.tgz',
  },
];

export const DEFAULT_PACKS = fileURLToPath(new URL('../packs/', import.meta.url));

/** Runs a command; with `quiet`, its output is printed only when it fails (a passing run says one line). */
function run(command, args, cwd, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (quiet && status !== 0) process.stderr.write(output);
      resolve(status);
    });
    child.on('error', (error) => {
      console.error(`packages: ${command} could not start: ${error.message}`);
      resolve(1);
    });
  });
}

/** The pnpm that runs this script (`npx --yes pnpm@10 …` puts none on PATH), else the one on PATH. */
function pnpm(args, cwd) {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /pnpm/.test(execPath)) {
    return /\.[cm]?js$/.test(execPath)
      ? run(process.execPath, [execPath, ...args], cwd, true)
      : run(execPath, args, cwd, true);
  }
  return run('pnpm', args, cwd, true);
}

/** Builds and packs both packages into `dir` (emptied first); resolves with the exit code. */
export async function pack(dir = DEFAULT_PACKS) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const { dir: packageDir } of PACKAGES) {
    console.log(`packages: building and packing ${packageDir}`);
    const code = await pnpm(['pack', '--pack-destination', dir], join(root, packageDir));
    if (code !== 0) return code;
  }
  const made = readdirSync(dir).sort();
  const expected = PACKAGES.map((p) => p.tarball).sort();
  if (made.join() !== expected.join()) {
    console.error(`packages: expected ${expected.join(', ')} in ${dir}, found ${made.join(', ')}`);
    return 1;
  }
  return 0;
}

const BIN = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/**
 * publint (package.json fields and files) and attw (types resolve the way Node and bundlers load
 * the code) on each tarball. ESM-only packages: attw's esm-only profile leaves out CommonJS
 * `require` and node10 resolution. The worker script and its source map are files, not modules.
 */
export async function check(dir = DEFAULT_PACKS) {
  let failed = 0;
  for (const { name, tarball } of PACKAGES) {
    const file = join(dir, tarball);
    const publint = await run(BIN('publint'), ['run', '--strict', file], root, true);
    const exclude =
      name === '@sandbank/service-worker'
        ? ['--exclude-entrypoints', './sandbank-sw.js', './sandbank-sw.js.map']
        : [];
    const attw = await run(BIN('attw'), [file, '--profile', 'esm-only', ...exclude], root, true);
    console.log(
      `packages: ${name}: publint ${publint === 0 ? 'ok' : 'FAILED'}, attw (esm-only) ${attw === 0 ? 'ok' : 'FAILED'}`,
    );
    if (publint !== 0 || attw !== 0) failed++;
  }
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command !== 'pack' && command !== 'check') {
    console.error('usage: node scripts/packages.mjs pack|check [dir]');
    process.exit(2);
  }
  const target = dir ?? DEFAULT_PACKS;
  let code = await pack(target);
  if (code === 0 && command === 'check') code = await check(target);
  if (code === 0) console.log(`packages: ${PACKAGES.map((p) => p.tarball).join(', ')} in ${target}`);
  process.exit(code);
}
