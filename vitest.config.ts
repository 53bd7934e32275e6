import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

// Two cores: keep workers low so API tests (scrypt) and browser tests do not starve each other.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          // findBy* waits up to 5 s (src/test/setup.ts); under CI load a test that waits twice
          // must not be cut off by vitest's own 5 s default.
          testTimeout: 15000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60000,
          hookTimeout: 120000,
          // Two files at a time: a browser test mostly waits (servers starting, documents being
          // read, pages settling), so two share the two cores; one at a time took 12 minutes.
          // Every file starts its own servers on free ports and its own browser.
          maxWorkers: 2,
        },
      },
    ],
  },
});
