import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './scripts/vite-first-screens';
import { precompress } from './scripts/vite-precompress';
import { stripPropTypes } from './scripts/vite-strip-prop-types';

const UI_BASE = new RegExp(
  [
    // only what the sign-in screens draw: the other form controls and the alert (with its
    // transition code) come with the pages that use them
    String.raw`@coreui[\\/]react[\\/].*[\\/]form[\\/]C(Form|FormInput|FormLabel|FormText|FormFeedback|FormFloating|FormControlWrapper|FormControlValidation|FormSelect)\.js`,
    String.raw`@coreui[\\/]react[\\/].*[\\/](button|spinner|card)[\\/]`,
    String.raw`src[\\/]components[\\/](form-field|field-shell|form-parts)`,
    String.raw`src[\\/]lib[\\/](form-errors|error-text)`,
    String.raw`src[\\/]features[\\/]auth[\\/](auth-shell|auth-requests)`,
    // the API's paths: sign-in calls two of them, and every other call needs them after that
    String.raw`contract[\\/]api-paths`,
  ].join('|'),
);
const API = new RegExp(
  [
    String.raw`@reduxjs[\\/]toolkit[\\/]dist[\\/]query`,
    '@standard-schema',
    String.raw`src[\\/]lib[\\/]api\.ts`,
    String.raw`src[\\/]features[\\/]auth[\\/]auth-api`,
  ].join('|'),
);
// The store with Redux Toolkit's core, immer and react-redux: every screen but sign-in loads it
// (src/app/store-holder.ts), so it is neither in the entry nor in the layout.
const STORE = new RegExp(
  [
    String.raw`@reduxjs[\\/]toolkit[\\/]dist[\\/](?!query)`,
    String.raw`node_modules[\\/](immer|redux|react-redux|reselect|redux-thunk|use-sync-external-store)[\\/]`,
    String.raw`src[\\/]app[\\/](store|ui-slice)\.ts`,
    String.raw`src[\\/]lib[\\/](store-types|slice-registry|api-registry)\.ts`,
    String.raw`src[\\/]lib[\\/](session[\\/]session-slice|notify[\\/]notify-slice)\.ts`,
  ].join('|'),
);
const LAYOUT = new RegExp(
  [
    // all but the Email group's accounts, which come with the API cache after the first screen
    String.raw`src[\\/]app[\\/]layouts[\\/](?!email-account-items)`,
    String.raw`@coreui[\\/]icons`,
    String.raw`@coreui[\\/]react[\\/].*[\\/](sidebar|nav|header|footer|dropdown|focus-trap|backdrop|link)[\\/]`,
    '@popperjs',
    String.raw`contract[\\/]menu`,
  ].join('|'),
);

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
        // Few, larger files for the first screens: on HTTP/1.1 each request costs a round trip
        // and ~1.3 KB of headers, and /login used to fetch 36 of them. Groups, by priority:
        codeSplitting: {
          groups: [
            // everything the entry imports statically: one file with the entry
            { name: 'app', tags: ['$initial'], priority: 10 },
            { name: 'store', priority: 5, test: STORE },
            // the CoreUI pieces and form helpers that the sign-in screens and most pages share
            // (above the store and the API: a group takes its modules' dependencies, and all use the API's paths)
            { name: 'ui-base', priority: 6, test: UI_BASE },
            // RTK Query and the auth endpoints: the sign-up screens need them without the layout
            { name: 'api', priority: 3, test: API },
            // the signed-in layout (sidebar, header, menus, icons): every page inside it needs it
            { name: 'layout', priority: 1, test: LAYOUT },
          ],
        },
      },
    },
  },
});
