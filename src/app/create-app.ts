/**
 * Wires the pieces that must know each other only through callbacks: the http client gets the
 * token from the cookie and, on a 401, ends the session as logout does and routes to /login
 * without a full page reload (SPEC §4, §8).
 */
import { createHttpClient } from '@/lib/http';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import {
  clearClientSession,
  clearSessionCookies,
  readSessionToken,
} from '@/lib/session/session-cookies';
import type { Theme } from '@/lib/theme';
import { loginPathKeepingKey, paths } from './screens';
import { createAppRouter, type CreateRouter } from './router';
import { createStoreHolder } from './store-holder';

interface CreateAppOptions {
  theme?: Theme;
  createRouter?: CreateRouter;
}

export function createApp(options: CreateAppOptions = {}) {
  let router: ReturnType<typeof createAppRouter> | null = null;

  const http = createHttpClient({
    getConfig: loadRuntimeConfig,
    getToken: () => readSessionToken('user') ?? readSessionToken('widget'),
    onUnauthorized: (reason) => {
      clearSessionCookies();
      // After logout the cache reset makes mounted pages refetch; those calls find no token.
      // Ending an already ended session again would reset the cache again, and so on forever.
      const loaded = stores.peek();
      const session = loaded?.store.getState().session;
      const alreadyEnded =
        reason === 'no-token' && session?.profile === null && session.status === 'idle';
      // A 401 ends the session as logout does (SPEC §4): the stored keys (agent, access_token,
      // refresh_token, theme, isLoggedIn), the cookies and, through sessionExpired, every slice.
      if (!alreadyEnded) {
        clearClientSession();
        loaded?.store.dispatch(loaded.session.sessionExpired());
      }
      // While a navigation is loading, its guards see the empty session and redirect themselves.
      if (!router || !router.state.initialized || router.state.navigation.state !== 'idle') return;
      const { pathname, search } = router.state.location;
      if (pathname !== paths.login)
        void router.navigate(loginPathKeepingKey(search), { replace: true });
    },
  });

  const stores = createStoreHolder(async () =>
    (await import('./store')).loadedStore({ http }, options.theme),
  );
  router = createAppRouter(stores, options.createRouter);
  return { stores, router, http };
}
