import type { Browser } from 'playwright-core';
import { build, preview, type UserConfig } from 'vite';
import { launchChromium } from './chromium.js';

// A Vite app as its users get it: built with its own config, served by `vite preview`, and a Chromium
// to open it in. The browser tests (browser.ts, `builtSiteInChromium`) and the benchmarks start it.

export interface BuiltSite {
  /** `http://localhost:<port>` (not 127.0.0.1): a secure context, as service workers need. */
  readonly base: string;
  readonly browser: Browser;
}

export interface SiteOptions {
  /** The app's folder (its index.html). */
  root: string;
  /**
   * The app's own Vite config object (with the service-worker plugin), imported by the caller: Vite's
   * config loader cannot import the plugin's TypeScript source.
   */
  config: UserConfig;
  /** Where the build goes (emptied first). */
  outDir: string;
}

/** Builds and previews the app and launches Chromium; `close` stops both. */
export async function startBuiltSite({
  root,
  config,
  outDir,
}: SiteOptions): Promise<BuiltSite & { close(): Promise<void> }> {
  await build({
    ...config,
    root,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, outDir, emptyOutDir: true },
  });
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir },
    preview: { port: 0, host: 'localhost' },
  });
  try {
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
    const browser = await launchChromium();
    return {
      base: `http://localhost:${address.port}`,
      browser,
      async close() {
        await browser.close();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
