// The README's quick starts, run as printed in fresh projects outside the workspace: the packed
// tarballs installed with pnpm (and with npm and yarn), and the checkout's folders linked with pnpm.
// Each project installs from the registry (the pnpm store is warm); nothing links to the workspace.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from '@sandbank/test-support/browser/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { background, freePort, sh } from './processes.js';
import { block, lineFor, readmeBlocks } from './readme.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const { files, shell: commands } = readmeBlocks();
const KARI = '13039319955';

let home: string;
let binDir: string;
let browser: Browser;

/** `pnpm` and `yarn` as the README runs them: from PATH, else the pnpm running this suite and yarn 1 through npx. */
function shims(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const onPath = (program: string) =>
    (process.env.PATH ?? '').split(':').some((folder) => existsSync(join(folder, program)));
  const execPath = process.env.npm_execpath;
  if (!onPath('pnpm') && execPath !== undefined) {
    const pnpm = /\.[cm]?js$/.test(execPath) ? `"${process.execPath}" "${execPath}"` : `"${execPath}"`;
    writeFileSync(join(dir, 'pnpm'), `#!/bin/sh\nexec ${pnpm} "$@"\n`, { mode: 0o755 });
  }
  if (!onPath('yarn')) {
    writeFileSync(join(dir, 'yarn'), '#!/bin/sh\nexec npx --yes yarn@1.22.22 "$@"\n', { mode: 0o755 });
  }
}

beforeAll(async () => {
  // The user's machine: their projects beside a checkout of Sandbank named `sandbank`, as the README assumes.
  home = mkdtempSync(join(tmpdir(), 'sandbank-consumer-'));
  symlinkSync(repo, join(home, 'sandbank'));
  binDir = join(home, '.bin');
  shims(binDir);
  browser = await launchChromium();
}, BROWSER_SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  if (home !== undefined) rmSync(home, { recursive: true, force: true });
});

const env = () => ({ PATH: `${binDir}:${process.env.PATH ?? ''}`, CI: '1', NO_COLOR: '1' });
const run = (command: string, cwd: string, extra: Record<string, string> = {}) =>
  sh(command, cwd, { ...env(), ...extra });

/** A fresh, empty project (what `npm init` leaves), named as the user would. */
function newProject(name: string): string {
  const dir = join(home, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name, private: true, version: '0.0.0', type: 'module' }, null, 2)}\n`,
  );
  return dir;
}

/** The README's files, as printed, plus the page that loads the app's entry (the Vite template's index.html). */
function writeQuickStarts(dir: string, only?: string[]): void {
  for (const [path, text] of files) {
    if (only !== undefined && !only.includes(path)) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>my app</title></head>\n' +
      '<body><script type="module" src="/src/main.ts"></script></body></html>\n',
  );
}

async function engineInProcess(dir: string): Promise<void> {
  const printed = await run('node sandbox.mjs', dir);
  expect(printed).toMatch(/^200 \[/);
  expect(printed).toContain(`customerNumber: '${KARI}'`);
}

/** The Vite app in Chromium: consent, the bank's SCA pages, back on /callback, the signed GET /v1/accounts. */
async function viteAppInChromium(dir: string): Promise<void> {
  const port = await freePort();
  const dev = await background(
    `npx --no -- vite --port ${port} --strictPort --host localhost`,
    dir,
    /Local:\s+(http:\/\/\S+)/,
    env(),
  );
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(dev.match[1] ?? '');
    // The app asked for a consent and sent the user to the bank's login page.
    await page.waitForSelector('input[name=nationalIdentityNumber]', { timeout: 120_000 });
    await page.fill('input[name=nationalIdentityNumber]', KARI);
    await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    if ((await page.$('input[name=context]')) !== null) {
      await page.check('input[name=context][value=PRIVATE]');
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    }
    const boxes = await page.$$('input[type=checkbox][name=accounts]');
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) await box.check();
    await Promise.all([page.waitForURL('**/callback?**'), page.click('button[value=approve]')]);
    expect(new URL(page.url()).searchParams.get('psu-id')).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForFunction(() => document.body.textContent?.includes('"accounts"'), null, {
      timeout: 60_000,
    });
    const answer = JSON.parse((await page.textContent('body')) ?? '') as {
      accounts: Array<{ resourceId: string }>;
    };
    expect(answer.accounts.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await dev.stop();
  }
}

async function viteBuild(dir: string): Promise<void> {
  await run('npx --no -- vite build', dir);
  const worker = readFileSync(join(dir, 'dist/sandbank-sw.js'), 'utf8');
  const lines = worker.split('\n');
  expect(lines.length).toBeLessThan(400);
  expect(worker.length / lines.length).toBeGreaterThan(2_000);
  expect(worker.trimEnd().endsWith('//# sourceMappingURL=sandbank-sw.js.map')).toBe(true);
  const map = JSON.parse(readFileSync(join(dir, 'dist/sandbank-sw.js.map'), 'utf8')) as { version: number };
  expect(map.version).toBe(3);
}

async function initCopiesTheWorker(dir: string): Promise<void> {
  await run(block(commands, 'init'), dir);
  const copied = readFileSync(join(dir, 'public/sandbank-sw.js'), 'utf8');
  const shipped = readFileSync(
    join(dir, 'node_modules/@sandbank/service-worker/dist/sandbank-sw.js'),
    'utf8',
  );
  expect(copied).toBe(shipped);
}

/** `sandbank serve` and the README's curl lines (on a free port: PORT, which the command honours). */
async function curlAgainstServe(dir: string): Promise<void> {
  const port = await freePort();
  const serve = await background(block(commands, 'serve').trim(), dir, /listening on (http:\/\/\S+)/, {
    ...env(),
    PORT: String(port),
  });
  try {
    expect(serve.match[1]).toBe(`http://127.0.0.1:${port}/v1`);
    const printed = await run(block(commands, 'curl').replaceAll('127.0.0.1:8731', `127.0.0.1:${port}`), dir);
    expect(printed).toMatch(/^HTTP\/1\.1 204/);
    expect(printed).toContain(`"customerNumber":"${KARI}"`);
    expect(printed).toContain('"scaRedirect"');
    expect(printed).toContain('"offsetMs":3600000');
    expect(printed).toContain('"openapi":"3.1');
    // No line answered an error (the OpenAPI document, printed last, documents error examples).
    expect(printed.slice(0, printed.indexOf('{"openapi"'))).not.toContain('"category":"ERROR"');
  } finally {
    await serve.stop();
  }
}

async function vitestFiles(dir: string): Promise<void> {
  const printed = await run('npx --no -- vitest run', dir);
  expect(printed).toContain('src/customers.test.ts');
  expect(printed).toContain('src/msw.test.ts');
  expect(printed).toMatch(/Tests\s+2 passed \(2\)/);
}

function quickStarts(project: () => string): void {
  test('the engine in process (node sandbox.mjs) answers a signed request', async () => {
    await engineInProcess(project());
  });

  test('the jsdom test and the MSW test pass in Vitest', async () => {
    await vitestFiles(project());
  });

  test('the Vite app: consent, SCA pages in Chromium, callback, signed GET /v1/accounts', async () => {
    await viteAppInChromium(project());
  });

  test('vite build emits the minified worker with its source map', async () => {
    await viteBuild(project());
  });

  test('sandbank-sw init copies the worker into public/', async () => {
    await initCopiesTheWorker(project());
  });

  test('curl against sandbank serve', async () => {
    await curlAgainstServe(project());
  });
}

describe('the README', () => {
  test('marks every quick start the suite runs', () => {
    expect([...files.keys()].sort()).toEqual(
      ['sandbox.mjs', 'src/customers.test.ts', 'src/main.ts', 'src/msw.test.ts', 'vite.config.ts'].sort(),
    );
    expect([...commands.keys()].sort()).toEqual(
      ['curl', 'init', 'install-folders', 'install-tarballs', 'serve', 'tools'].sort(),
    );
  });
});

describe('installed from the packed tarballs with pnpm', () => {
  let dir: string;
  beforeAll(async () => {
    dir = newProject('app-from-tarballs');
    await run(lineFor(block(commands, 'install-tarballs'), 'pnpm'), dir);
    await run(block(commands, 'tools'), dir);
    writeQuickStarts(dir);
  });

  quickStarts(() => dir);

  test('the quick starts type-check against the packed type declarations', async () => {
    await run('pnpm add -D typescript@5.9.3', dir);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          allowJs: true,
          checkJs: true,
          types: [],
        },
        include: ['src', 'vite.config.ts', 'sandbox.mjs'],
      }),
    );
    await run('npx --no -- tsc -p .', dir);
  });
});

describe('linked from the checkout folders with pnpm', () => {
  let dir: string;
  beforeAll(async () => {
    dir = newProject('app-from-folders');
    await run(block(commands, 'install-folders').trim(), dir);
    await run(block(commands, 'tools'), dir);
    writeQuickStarts(dir);
  });

  quickStarts(() => dir);
});

describe.each(['npm', 'yarn'])('installed from the packed tarballs with %s', (manager) => {
  test('the engine in process and the worker copy', async () => {
    const dir = newProject(`app-with-${manager}`);
    await run(lineFor(block(commands, 'install-tarballs'), manager), dir);
    writeQuickStarts(dir, ['sandbox.mjs']);
    await engineInProcess(dir);
    await initCopiesTheWorker(dir);
  });
});
