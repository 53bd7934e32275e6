import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { resetRuntimeConfigForTests } from '@/lib/runtime-config';
import { clearSessionCookies } from '@/lib/session/session-cookies';
import { takeContractViolations } from './contract-handler';
import { createTestI18n } from './i18n-for-tests';
import { server } from './msw-server';

createTestI18n();
// Lazy pages resolve through dynamic imports; on a busy 2-core machine the first one can take
// longer than Testing Library's 1 s default, which made findBy* queries flaky, not wrong.
configure({ asyncUtilTimeout: 5000 });
// jsdom has no layout; ScrollRestoration calls scrollTo.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  const violations = takeContractViolations();
  cleanup();
  server.resetHandlers();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  clearSessionCookies(); // and the widget token kept in memory
  localStorage.clear();
  sessionStorage.clear();
  resetRuntimeConfigForTests();
  // A fake that answered outside contract/ (or a request the contract refuses) fails the test.
  expect(violations).toEqual([]);
});
afterAll(() => server.close());
