import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type AppServer, startAppServer } from './app-server.js';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from './chromium.js';

export interface BrowserApp {
  readonly browser: Browser;
  readonly app: AppServer;
  /** A fresh browser context (its own storage and workers) for each test, or one for the file. */
  readonly context: BrowserContext;
}

export interface BrowserAppOptions {
  /**
   * `test` (the default): a new context, so a new worker and bank, for each test. `file`: one for the
   * whole file, for tests that leave the bank as they found it (a table of cases, each undoing itself).
   */
  context?: 'test' | 'file';
}

/** One Chromium and one test app for the file, a new context per test (or one for the file). */
export function useBrowserApp(options: BrowserAppOptions = {}): BrowserApp {
  const env = {} as { browser: Browser; app: AppServer; context: BrowserContext };
  const perFile = options.context === 'file';
  beforeAll(async () => {
    [env.browser, env.app] = await Promise.all([launchChromium(), startAppServer()]);
    if (perFile) env.context = await env.browser.newContext();
  }, BROWSER_SETUP_TIMEOUT);
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  if (!perFile) {
    beforeEach(async () => {
      env.context = await env.browser.newContext();
    });
    afterEach(async () => {
      await env.context.close();
    });
  }
  return env;
}
