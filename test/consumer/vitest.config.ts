import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The consumer suite (`pnpm test` step "consumer"; alone: `pnpm exec vitest run --config
 * test/consumer/vitest.config.ts`): the packed packages installed into fresh projects outside the
 * workspace, each README quick start run there as printed. Kept out of the main suite; `pnpm test`
 * runs it with the machine's Node and again with the newest LTS of Node (step "node26").
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['test/consumer/**/*.test.ts'],
    globalSetup: ['test/consumer/global-setup.ts'],
    // Ceilings against hangs (installs, a dev server, Chromium), not speed targets.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: [
      'default',
      ...(process.env.CI
        ? [
            // `consumer`, or the run's name where pnpm test runs the quick starts again (under another Node).
            [
              'json',
              { outputFile: `test-results/vitest-${process.env.SANDBANK_TEST_RUN ?? 'consumer'}.json` },
            ] as [string, Record<string, unknown>],
          ]
        : []),
    ],
  },
});
