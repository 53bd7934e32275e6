/**
 * Route loaders around the session (DESIGN "Routing"). React Router runs all matched loaders in
 * parallel, so the root loader and every guard share one promise: GET /users/me runs once per
 * navigation, and a guard never decides before the session is known. Without a token cookie
 * nobody is signed in and the store need not load (store-holder.ts): /login stays without it.
 */
import { redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router-dom';
import { canAccess, isHelpdeskUser } from '@contract/access';
import { routeRules, type RouteRuleKey } from '@contract/route-rules';
import { readSessionToken } from '@/lib/session/session-cookies';
import type { UserProfile } from '@contract/profile';
import { paths, loginPathKeepingKey } from './screens';
import type { StoreHolder } from './store-holder';

export interface SessionGuards {
  ensureSession: () => Promise<void>;
  rootLoader: LoaderFunction;
  requireAccess: (rule: RouteRuleKey, visitors?: boolean) => LoaderFunction;
  loginEntry: LoaderFunction;
  guestOnly: LoaderFunction;
  resetPasswordEntry: LoaderFunction;
}

export function createSessionGuards(stores: StoreHolder): SessionGuards {
  let inflight: Promise<void> | null = null;
  const profileOf = (): UserProfile | null =>
    stores.peek()?.store.getState().session.profile ?? null;

  async function fetchProfile(): Promise<void> {
    const { store, session } = await stores.load();
    const result = await store.dispatch(session.loadSession());
    if (session.loadSession.fulfilled.match(result)) return;
    const error = result.payload;
    // 401 (or the token vanished meanwhile): nobody is signed in; the guards send them to /login.
    if (!error || error.status === 401) return;
    // Anything else is the server failing: the root's error element shows the 500 page.
    throw new Error(error.message);
  }

  async function startWidgetSession(): Promise<void> {
    const { store, session } = await stores.load();
    if (store.getState().session.kind !== 'widget') store.dispatch(session.widgetSessionStarted());
  }

  function ensureSession(): Promise<void> {
    const loaded = stores.peek();
    const session = loaded?.store.getState().session;
    if (!readSessionToken('user')) {
      if (loaded && session?.kind === 'user')
        loaded.store.dispatch(loaded.session.sessionExpired());
      if (readSessionToken('widget') && session?.kind !== 'widget') return startWidgetSession();
      return Promise.resolve();
    }
    if (session?.kind === 'user' && session.profile) return Promise.resolve();
    inflight ??= fetchProfile().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /**
   * A navigation to a guarded route asks /users/me again (one call, shared by the route's
   * guards), so a role change or a disabled account takes effect on the next navigation without
   * signing in again. A refresh that fails for another reason than 401 keeps the
   * profile already known: the server checks every call anyway.
   */
  function refreshSession(): Promise<void> {
    const loaded = stores.peek();
    const session = loaded?.store.getState().session;
    if (!loaded || !readSessionToken('user') || !(session?.kind === 'user' && session.profile))
      return ensureSession();
    inflight ??= loaded.store
      .dispatch(loaded.session.loadSession())
      .then(() => undefined)
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  const searchOf = (args: LoaderFunctionArgs) => new URL(args.request.url).search;

  const rootLoader: LoaderFunction = async () => {
    await ensureSession();
    return null;
  };

  /**
   * One check for every guarded route: contract rules, OR across roles. A widget visitor skips
   * the checks on the chat (SPEC §6) and is sent there from any other screen.
   */
  const requireAccess =
    (rule: RouteRuleKey, visitors = false): LoaderFunction =>
    async (args) => {
      await refreshSession();
      const loaded = stores.peek();
      const subject = loaded ? loaded.session.selectAccessSubject(loaded.store.getState()) : null;
      if (!subject) throw redirect(loginPathKeepingKey(searchOf(args)));
      if (subject.isWidget && !visitors) throw redirect(paths.chat);
      if (!canAccess(routeRules[rule], subject)) throw redirect(paths.forbidden);
      return null;
    };

  /**
   * /login (SPEC §2): a widget visitor goes to /chat with the same query; a signed-in helpdesk
   * user (role_id 3) goes to /helpdesk, which hands them to the helpdesk site with a single-use
   * token (or says no helpdesk is set up); anyone else signed in goes to the dashboard.
   */
  const loginEntry: LoaderFunction = async (args) => {
    const search = searchOf(args);
    if (readSessionToken('widget') && !readSessionToken('user'))
      throw redirect(`${paths.chat}${search}`);
    await ensureSession();
    const profile = profileOf();
    if (!profile) return null;
    throw redirect(isHelpdeskUser(profile) ? paths.helpdesk : paths.dashboard);
  };

  /** /signup: someone already signed in has no use for it. */
  const guestOnly: LoaderFunction = async () => {
    await ensureSession();
    if (profileOf()) throw redirect(paths.dashboard);
    return null;
  };

  /**
   * /reset-password (SPEC §2): "a logged-in user is redirected to /login", which in turn forwards
   * signed-in users to their landing page. A signed-in person changes the password at
   * /change-password, which asks for the current one; a reset link must not bypass that.
   */
  const resetPasswordEntry: LoaderFunction = async () => {
    await ensureSession();
    if (profileOf()) throw redirect(paths.login);
    return null;
  };

  return { ensureSession, rootLoader, requireAccess, loginEntry, guestOnly, resetPasswordEntry };
}
