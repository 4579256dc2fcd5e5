import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: {
    name: '@storybook/react-vite',
    options: { builder: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) } },
  },
  core: { disableTelemetry: true },
  // Storybook keeps only `build.target` from .storybook/vite.config.ts, so the build options go here.
  viteFinal: (vite) => ({
    ...vite,
    // `build-storybook --quiet` prints what went wrong, not the list of every emitted file.
    logLevel: 'warn',
    build: {
      ...vite.build,
      // The stories share one preview chunk holding React, recharts and the whole engine (about 1.1 MB,
      // 320 KB gzipped), loaded once from the local disk or a static host; splitting it would only add
      // requests to a tool nobody loads over a slow link.
      chunkSizeWarningLimit: 1500,
    },
  }),
};

export default config;
