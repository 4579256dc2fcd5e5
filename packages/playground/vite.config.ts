import { sandbankServiceWorker } from '@sandbank/service-worker/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  // Serves /sandbank-sw.js in `vite dev` and emits it into `vite build` output.
  plugins: [react(), sandbankServiceWorker()],
  // The workspace's packages from their TypeScript sources (docs/decisions/packaging.md).
  resolve: { conditions: ['@sandbank/source', ...defaultClientConditions] },
  build: {
    // Top-level await in main.tsx (connecting to the bank before the first render).
    target: 'es2022',
    // The whole engine and recharts make one chunk of about 1.1 MB (the TPP kit loads apart): fine for a
    // local tool.
    chunkSizeWarningLimit: 1500,
    // The request log names the engine operation that answered by its function name.
    rolldownOptions: { output: { keepNames: true } },
  },
  // `pnpm dev --port N` (or PORT=N) picks another port.
  server: { port: Number(process.env.PORT) || 5173 },
});
