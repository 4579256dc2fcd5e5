import type { Browser } from 'playwright-core';
import { build, type PreviewServer, preview, type UserConfig } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { BROWSER_SETUP_TIMEOUT, launchChromium } from './browser/chromium.js';

// A Vite app as its users get it, for a test file: built with its own config, served by `vite
// preview`, and a Chromium to open it in. The playground's and the docs site's browser tests share it.

export interface BuiltSite {
  /** `http://localhost:<port>` (not 127.0.0.1): a secure context, as service workers need. */
  readonly base: string;
  readonly browser: Browser;
}

export interface SiteOptions {
  /** The app's folder (its index.html). */
  root: string;
  /**
   * The app's own Vite config object (with the service-worker plugin), imported by the test: Vite's
   * config loader cannot import the plugin's TypeScript source.
   */
  config: UserConfig;
  /** Where the build goes (emptied first). */
  outDir: string;
}

/** Builds and previews the app and launches Chromium before the file's tests; stops both after. */
export function builtSiteInChromium({ root, config, outDir }: SiteOptions): BuiltSite {
  const site = {} as { base: string; browser: Browser; server: PreviewServer };
  beforeAll(async () => {
    await build({
      ...config,
      root,
      configFile: false,
      logLevel: 'silent',
      build: { ...config.build, outDir, emptyOutDir: true },
    });
    site.server = await preview({
      root,
      configFile: false,
      logLevel: 'silent',
      build: { outDir },
      preview: { port: 0, host: 'localhost' },
    });
    const address = site.server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
    site.base = `http://localhost:${address.port}`;
    site.browser = await launchChromium();
  }, BROWSER_SETUP_TIMEOUT);
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
