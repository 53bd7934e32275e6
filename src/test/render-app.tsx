/**
 * Renders the real app (store, route table, guards, http client) in a memory router, as the
 * browser would, so component tests exercise the same wiring as production.
 */
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createApp } from '@/app/create-app';
import { saveSessionToken } from '@/lib/session/session-cookies';

export function renderApp(path: string) {
  const app = createApp({
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  const view = render(
    <Provider store={app.store}>
      <Suspense fallback={null}>
        <RouterProvider router={app.router} />
      </Suspense>
    </Provider>,
  );
  return { ...app, ...view };
}

/** A signed-in user's token cookie, valid for an hour. */
export function signInWithCookie(token = 'test-token') {
  saveSessionToken('user', token, new Date(Date.now() + 3600_000));
}
