import { sandbankServiceWorker } from '@sandbank/service-worker/vite';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  // Serves /sandbank-sw.js in `vite dev` and emits it into `vite build` output.
  plugins: [sandbankServiceWorker()],
  // The workspace's packages from their TypeScript sources; a site using the published packages drops this.
  resolve: { conditions: ['@sandbank/source', ...defaultClientConditions] },
  // Top-level await in main.ts; Swagger UI's bundle is one large chunk, loaded after the page.
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
});
