import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Top-level await in main.tsx (connecting to the bank before the first render); the engine and
  // recharts make one chunk of about 800 kB, fine for a local tool.
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5173 },
});
