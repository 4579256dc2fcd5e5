#!/usr/bin/env node
// `pnpm test`: every check, each run even when an earlier one failed, then one summary line each.
//
//   node scripts/test.mjs            every step
//   node scripts/test.mjs unit       only the steps named (see STEPS and EXTRA_STEPS)
//
// The whole Vitest suite runs once (`adverse`), under both conditions that break a test depending on
// the day it runs or on the machine's speed (docs/decisions/testing.md): the system clock moved years
// away (libfaketime, which shifts the clock of every process, Chromium included) and every core kept
// busy by a spinning process. `unit` runs it as it is, `shifted` and `contended` with each condition
// alone: not part of the default run, for finding which condition a failure needs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Far from today, and a minute before a year turns: a test that reads the calendar twice sees it move. */
const SHIFTED_CLOCK = '2032-12-31 23:59:00';

const FAKETIME_LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
  '/usr/local/lib/faketime/libfaketime.so.1',
  '/opt/homebrew/lib/faketime/libfaketime.1.dylib',
];

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`test: ${command} could not start: ${error.message}`);
      resolve(1);
    });
  });
}

/** A command's standard output, or null when it fails (its errors go to this process's stderr). */
function output(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.on('exit', (code) => resolve(code === 0 ? text : null));
    child.on('error', () => resolve(null));
  });
}

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** The pnpm that runs this script (`npx --yes pnpm@10 test` puts none on PATH), else the one on PATH. */
const execPath = process.env.npm_execpath;
const pnpm = (...args) =>
  execPath === undefined
    ? run('pnpm', args)
    : /\.[cm]?js$/.test(execPath)
      ? run(process.execPath, [execPath, ...args])
      : run(execPath, args);
const vitest = (args = [], env = {}) => run(process.execPath, [VITEST, 'run', ...args], env);

/** libfaketime's environment: every process (Node and Chromium) sees the time SHIFTED_CLOCK away from now. */
function shiftedClock() {
  const library = process.env.SANDBANK_FAKETIME_LIB ?? FAKETIME_LIBRARIES.find((path) => existsSync(path));
  if (library === undefined) {
    console.error(
      'test: the clock-shifted run needs libfaketime (Debian/Ubuntu: apt-get install faketime; macOS: brew install libfaketime), or SANDBANK_FAKETIME_LIB=<path to libfaketime>; `node scripts/test.mjs unit` runs the suite without it.',
    );
    return null;
  }
  const preload = process.platform === 'darwin' ? 'DYLD_INSERT_LIBRARIES' : 'LD_PRELOAD';
  // An offset, not a start time: every process (each Vitest worker, each of Chromium's) then sees the
  // same shifted time, as processes do on a real machine. A start time ("@…") would be taken at each
  // process's own start, and Chromium's processes would disagree about the time by seconds.
  const offsetSeconds = Math.round((Date.parse(`${SHIFTED_CLOCK.replace(' ', 'T')}Z`) - Date.now()) / 1000);
  return {
    [preload]: library,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    // The monotonic clock moves by the same offset (Chromium stalls when only the wall clock moves).
    DYLD_FORCE_FLAT_NAMESPACE: process.platform === 'darwin' ? '1' : '',
  };
}

/** Runs `body` with one spinning process per core beside it. */
async function contending(body) {
  const spinners = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  try {
    return await body();
  } finally {
    for (const spinner of spinners) spinner.kill('SIGKILL');
  }
}

async function shifted() {
  const clock = shiftedClock();
  if (clock === null) return 1;
  console.log(`test: the whole suite, with the clock at ${SHIFTED_CLOCK} (libfaketime)`);
  return vitest([], { ...clock, SANDBANK_TEST_RUN: 'shifted' });
}

async function contended() {
  console.log(`test: the whole suite, with ${availableParallelism()} busy processes beside it`);
  return contending(() => vitest([], { SANDBANK_TEST_RUN: 'contended' }));
}

/** Both at once: the clock at SHIFTED_CLOCK and every core busy. */
async function adverse() {
  const clock = shiftedClock();
  if (clock === null) return 1;
  console.log(
    `test: the whole suite, with the clock at ${SHIFTED_CLOCK} (libfaketime) and ${availableParallelism()} busy processes beside it`,
  );
  return contending(() => vitest([], { ...clock, SANDBANK_TEST_RUN: 'adverse' }));
}

/** Both packages built and packed as a user gets them, then publint and attw on the tarballs. */
async function packages() {
  const code = await run(process.execPath, [
    fileURLToPath(new URL('./packages.mjs', import.meta.url)),
    'check',
  ]);
  // The consumer step installs these tarballs instead of packing again.
  if (code === 0) process.env.SANDBANK_PACKED = '1';
  return code;
}

/**
 * The newest LTS line of Node. The suite runs on the machine's Node (20 here); what users install the packages into
 * is more often a newer one, whose own globals differ (Node 25 and later have a Web Storage of their own).
 */
const NEWEST_NODE = 'node@26';
/** Its step's name, and its report's (test-results/vitest-node26.json). */
const NEWEST_NODE_STEP = NEWEST_NODE.replace('@', '');

/** The README's quick starts once more, with the newest LTS of Node first on PATH (fetched from the npm registry). */
async function newestNode() {
  const printed = await output('npx', [
    '--yes',
    '-p',
    NEWEST_NODE,
    'node',
    '-p',
    'process.execPath + " " + process.version',
  ]);
  const [node, version] = printed?.trim().split('\n').at(-1)?.split(' ') ?? [];
  if (node === undefined || version === undefined || !existsSync(node)) {
    console.error(
      `test: ${NEWEST_NODE} could not be fetched from the npm registry (npx --yes -p ${NEWEST_NODE} node)`,
    );
    return 1;
  }
  console.log(`test: the README's quick starts under Node ${version}`);
  const PATH = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  return run(node, [VITEST, 'run', '--config', 'test/consumer/vitest.config.ts'], {
    PATH,
    SANDBANK_TEST_RUN: NEWEST_NODE_STEP,
  });
}

const STEPS = {
  typecheck: () => pnpm('typecheck'),
  lint: () => pnpm('lint'),
  packages,
  // The README's quick starts in fresh projects outside the workspace (test/consumer).
  consumer: () => vitest(['--config', 'test/consumer/vitest.config.ts']),
  // The same quick starts with the newest LTS of Node, as most users have it.
  [NEWEST_NODE_STEP]: newestNode,
  adverse,
  storybook: () => pnpm('build-storybook', '--quiet'),
};

/** Run only when named: the suite as it is, and under each adverse condition alone. */
const EXTRA_STEPS = { unit: () => vitest(), shifted, contended };

const wanted = process.argv.slice(2);
const all = { ...STEPS, ...EXTRA_STEPS };
for (const name of wanted) {
  if (!(name in all)) {
    console.error(`test: no step ${name}; steps: ${Object.keys(all).join(', ')}`);
    process.exit(2);
  }
}
const results = [];
for (const [name, step] of Object.entries(all)) {
  if (wanted.length > 0 ? !wanted.includes(name) : !(name in STEPS)) continue;
  const started = Date.now();
  const code = await step();
  results.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\ntest: summary');
for (const { name, code, seconds } of results) {
  console.log(`  ${code === 0 ? 'ok    ' : 'FAILED'} ${name} (${seconds} s)`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
