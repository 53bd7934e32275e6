/**
 * Renders the real app (store, route table, guards, http client) in a memory router, as the
 * browser would, so component tests exercise the same wiring as production.
 */
import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createApp } from '@/app/create-app';
import type { AppStore } from '@/app/store';
import { StoreProvider } from '@/app/store-provider';
import { HttpContext } from '@/lib/http-context';
import { saveSessionToken } from '@/lib/session/session-cookies';

export function renderApp(path: string) {
  const app = createApp({
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  const view = render(
    <HttpContext.Provider value={app.http}>
      <StoreProvider stores={app.stores}>
        <Suspense fallback={null}>
          <RouterProvider router={app.router} />
        </Suspense>
      </StoreProvider>
    </HttpContext.Provider>,
  );
  const loadedStore = (): AppStore => {
    const loaded = app.stores.peek();
    if (!loaded) throw new Error('the store has not loaded: no screen needing it was opened');
    return loaded.store;
  };
  /** The store, read when used: it loads with the first screen that needs it (all but sign-in). */
  const store: Pick<AppStore, 'getState' | 'dispatch' | 'subscribe'> = {
    getState: () => loadedStore().getState(),
    dispatch: ((action: Parameters<AppStore['dispatch']>[0]) =>
      loadedStore().dispatch(action)) as AppStore['dispatch'],
    subscribe: (listener) => loadedStore().subscribe(listener),
  };
  return { ...app, ...view, store };
}

/** A signed-in user's token cookie, valid for an hour. */
export function signInWithCookie(token = 'test-token') {
  saveSessionToken('user', token, new Date(Date.now() + 3600_000));
}
