import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

function playwrightCache(): string[] {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => name.startsWith('chromium'))
    .flatMap((name) => [
      join(root, name, 'chrome-linux', 'chrome'),
      join(root, name, 'chrome-linux64', 'chrome'),
      join(root, name, 'chrome-headless-shell-linux64', 'chrome-headless-shell'),
    ]);
}

function candidates(): string[] {
  return [
    ...(process.env.CHROMIUM_PATH === undefined ? [] : [process.env.CHROMIUM_PATH]),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    ...playwrightCache(),
  ];
}

function findChromium(): string | undefined {
  return candidates().find((path) => existsSync(path));
}

/** Long enough for apt-get to install Chromium on a fresh CI machine. */
export const BROWSER_SETUP_TIMEOUT = 300_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** apt-get with a lock, since several test files start at once and dpkg allows one installer. */
function aptInstallChromium(): void {
  const lock = join(tmpdir(), 'sandbank-chromium-install.lock');
  const deadline = Date.now() + BROWSER_SETUP_TIMEOUT;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (findChromium() !== undefined || Date.now() > deadline) return;
      sleep(1_000);
    }
  }
  try {
    if (findChromium() !== undefined) return;
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A Chromium to drive: found on the machine, or installed with apt-get when running as root. */
export function chromiumPath(): string {
  const found = findChromium();
  if (found !== undefined) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    aptInstallChromium();
    const installed = findChromium();
    if (installed !== undefined) return installed;
  }
  throw new Error(
    'The browser tests need Chromium and none was found (looked at CHROMIUM_PATH, /usr/bin/chromium, ' +
      '/usr/bin/google-chrome and the Playwright cache). Install one (Debian/Ubuntu: `sudo apt-get install ' +
      'chromium`; anywhere: `npx playwright-core install chromium`) or set CHROMIUM_PATH to its executable.',
  );
}

/**
 * How long a page waits for an element, a navigation or a function before it gives up. Playwright's
 * default, 30 s, is a time a busy machine can take (the suite runs beside a spinner per core); this is
 * a ceiling against hangs, as the suite's test timeout is (vitest.config.ts), not a speed target.
 */
export const BROWSER_WAIT_CEILING = 120_000;

/** Chromium, headless; every context it makes (`newPage`'s too) waits up to BROWSER_WAIT_CEILING. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...FLAGS, ...extraArgs],
    headless: true,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_CEILING);
    return context;
  };
  return browser;
}
