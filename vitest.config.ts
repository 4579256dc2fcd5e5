import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Which run of the suite this is (scripts/test.mjs): adverse, unit, shifted or contended. */
const run = process.env.SANDBANK_TEST_RUN;

/**
 * The workspace's packages from their TypeScript sources: each package.json "exports" entry lists a
 * "@sandbank/source" condition first (docs/decisions/packaging.md). Setting conditions replaces Vite's
 * defaults, so these are Vite's defaults with ours in front.
 */
const SOURCE = '@sandbank/source';

const ENGINE_TESTS = 'packages/engine/test/**/*.test.{ts,tsx}';
/** test/consumer runs as its own step (scripts/test.mjs), once, from packed packages. */
const EXCLUDED = ['**/node_modules/**', '**/dist/**', 'test/consumer/**'];

export default defineConfig({
  resolve: { conditions: [SOURCE, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE, 'module', 'node', 'development|production'] } },
  test: {
    // Two projects, one run. The engine's files share their workers' module graph (isolate: false):
    // each file evaluating the engine and its libraries afresh was most of their time (211 s isolated,
    // 70 s not, on two workers: docs/decisions/testing.md, "Module graphs shared"). The rest (browsers,
    // workerd, jsdom apps, the playground) keep a fresh graph per file.
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          include: [ENGINE_TESTS],
          isolate: false,
          setupFiles: ['packages/engine/test/setup/fresh-realm.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'packages/*/test/**/*.test.{ts,tsx}',
            'test/**/*.test.{ts,tsx}',
            'examples/*/test/**/*.test.ts',
          ],
          exclude: [...EXCLUDED, ENGINE_TESTS],
        },
      },
    ],
    exclude: EXCLUDED,
    // Vitest runs one file at a time on two cores (its default is the cores less one); two at once
    // took the suite from about 450 to 335 s here (docs/decisions/testing.md, "How long the suite takes").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Ceilings against hangs, not speed targets: a busy machine (CI runs the suite once more with the
    // CPU contended) must not turn a slow test red.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // `expect.poll` waits for a condition, not for a time; its default 1 s is a time a busy machine
    // can take for one round trip. The same kind of ceiling (Playwright's: test-support's
    // launchChromium; Testing Library's: the playground's test/support/dom.ts).
    expect: { poll: { timeout: 120_000 } },
    // CI reads the JSON summaries to print a plain "N passed, N failed" line; each run of the suite
    // (scripts/test.mjs: plain, clock-shifted, contended) writes its own.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `test-results/vitest${run ? `-${run}` : ''}.json` }]]
      : ['default'],
  },
});
