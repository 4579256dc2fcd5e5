import { defineConfig } from 'vitest/config';

const run = process.env.SANDBANK_TEST_RUN;

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Ceilings against hangs, not speed targets: a busy machine (CI runs the suite once more with the
    // CPU contended) must not turn a slow test red.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // CI reads the JSON summaries to print a plain "N passed, N failed" line; each run of the suite
    // (scripts/test.mjs: plain, clock-shifted, contended) writes its own.
    reporters: [
      run ? 'dot' : 'default',
      ...(process.env.CI
        ? [
            ['json', { outputFile: `test-results/vitest${run ? `-${run}` : ''}.json` }] as [
              string,
              Record<string, unknown>,
            ],
          ]
        : []),
    ],
  },
});
