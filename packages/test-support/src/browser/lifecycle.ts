import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type AppServer, startAppServer } from './app-server.js';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from './chromium.js';

export interface BrowserApp {
  readonly browser: Browser;
  readonly app: AppServer;
  /** A fresh browser context (its own storage and workers) for each test. */
  readonly context: BrowserContext;
}

/** One Chromium and one test app for the file, a new context per test. */
export function useBrowserApp(): BrowserApp {
  const env = {} as { browser: Browser; app: AppServer; context: BrowserContext };
  beforeAll(async () => {
    [env.browser, env.app] = await Promise.all([launchChromium(), startAppServer()]);
  }, BROWSER_SETUP_TIMEOUT);
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  beforeEach(async () => {
    env.context = await env.browser.newContext();
  });
  afterEach(async () => {
    await env.context.close();
  });
  return env;
}
