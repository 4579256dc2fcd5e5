import { afterAll, beforeAll } from 'vitest';
import { type BuiltSite, type SiteOptions, startBuiltSite } from './browser/built-site.js';
import { BROWSER_SETUP_TIMEOUT } from './browser/chromium.js';

// The built site (browser/built-site.ts) for a test file: the playground's and the docs site's browser
// tests share it.

export type { BuiltSite, SiteOptions } from './browser/built-site.js';

/** Builds and previews the app and launches Chromium before the file's tests; stops both after. */
export function builtSiteInChromium(options: SiteOptions): BuiltSite {
  const site = {} as { base: string; browser: BuiltSite['browser']; close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(site, await startBuiltSite(options));
  }, BROWSER_SETUP_TIMEOUT);
  afterAll(async () => {
    await site.close?.();
  });
  return site;
}
