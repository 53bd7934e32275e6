import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Our own imports name their file: Vite's native config loader (its announced default) loads this
// file with Node's resolver, which needs them, and Vite warns on every build until they are there.
import { CHUNK_GROUPS, holds } from './scripts/vite-chunks.ts';
import { firstScreens } from './scripts/vite-first-screens.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { stripPropTypes } from './scripts/vite-strip-prop-types.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

// `npm run dev` starts the API on PORT (8080 unless set); the dev server forwards to it.
const apiTarget = process.env.VITE_API_PROXY ?? `http://localhost:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), stripPropTypes(), firstScreens(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
      // CoreUI's prop types, which nothing reads under React 19 (see the file).
      {
        find: /^prop-types$/,
        replacement: fileURLToPath(new URL('./src/lib/prop-types-stub.ts', import.meta.url)),
      },
      // React 19 has the hook the shim provides (see the file).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
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
        // Everything the entry imports statically goes with the entry; the shared chunks are
        // explicit lists of modules (scripts/vite-chunks.ts).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 10 },
            ...CHUNK_GROUPS.map(({ name, priority, modules }) => ({
              name,
              priority,
              test: holds(modules, ROOT),
            })),
          ],
        },
      },
    },
  },
});
