import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './scripts/vite-first-screens';
import { precompress } from './scripts/vite-precompress';

// `npm run dev` starts the API on PORT (8080 unless set); the dev server forwards to it.
const apiTarget = process.env.VITE_API_PROXY ?? `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), firstScreens(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/runtime-config.json': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
