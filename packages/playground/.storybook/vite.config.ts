import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * Storybook's own Vite config: stories get an in-page bank (src/fixtures/decorators.tsx), so they
 * need no service worker, and the app's config (which loads the worker plugin's TypeScript source)
 * stays out of Storybook's config loader.
 */
export default defineConfig({
  plugins: [react()],
  // The workspace's packages from their TypeScript sources (docs/decisions/packaging.md).
  resolve: { conditions: ['@sandbank/source', ...defaultClientConditions] },
  // Storybook keeps only build.target from here; its other build options are in main.ts (viteFinal).
  build: { target: 'es2022' },
});
