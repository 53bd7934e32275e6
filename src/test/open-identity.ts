/** Opens an identity screen signed in as `profile`, with the in-memory identity API behind it. */
import { configure, screen } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import type { UserProfile } from '@contract/profile';
import { adminProfile } from './fixtures';
import { handlers } from './handlers';
import { createIdentityFake, seedDb, type IdentityDb, type IdentityFake } from './identity-fake';
import { server } from './msw-server';
import { renderApp, signInWithCookie } from './render-app';

// These screens chain a lazy page, a session check and several calls; on a loaded 2-core machine
// that can take longer than setup.ts's 5 s. Test files are isolated, so this stays in theirs.
configure({ asyncUtilTimeout: 15_000 });

export async function openIdentity(
  path: string,
  options: {
    profile?: UserProfile;
    db?: IdentityDb;
    prepare?: (fake: IdentityFake) => void;
    /** Handlers answering before the fake's (a failing call, say). */
    overrides?: RequestHandler[];
  } = {},
) {
  signInWithCookie();
  const fake = createIdentityFake(options.db ?? seedDb());
  options.prepare?.(fake);
  server.use(handlers.me(options.profile ?? adminProfile), ...fake.handlers);
  if (options.overrides) server.use(...options.overrides);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...app, fake };
}

/** The address the router shows now: path and query. */
export function currentAddress(router: ReturnType<typeof renderApp>['router']): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
