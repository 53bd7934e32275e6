import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './scripts/vite-first-screens';
import { precompress } from './scripts/vite-precompress';
import { stripPropTypes } from './scripts/vite-strip-prop-types';

// `npm run dev` starts the API on PORT (8080 unless set); the dev server forwards to it.
const apiTarget = process.env.VITE_API_PROXY ?? `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), stripPropTypes(), firstScreens(), precompress()],
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
    // Every browser the console supports has modulepreload; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'forms',
              priority: 2,
              test: /@coreui[\\/]react[\\/].*[\\/](form|alert|close-button|button|spinner|card)[\\/]|react-transition-group|src[\\/]components[\\/]form-field|src[\\/]lib[\\/](form-errors|error-text)|src[\\/]features[\\/]auth[\\/](auth-shell|auth-thunks)/,
            },
          ],
        },
      },
    },
  },
});
