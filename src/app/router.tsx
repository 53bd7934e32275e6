/**
 * The route table (SPEC §2), built from the screen table (screens.ts). Guard loaders are static
 * and cheap; every screen is lazy (object-form `lazy`), so the access check runs while the chunk
 * downloads and a denied user never sees the page. The main layout is lazy too: /login never
 * loads the sidebar, header or icons.
 */
import { createBrowserRouter, redirect, type DataRouter, type RouteObject } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import type { Page } from './lazy-page';
import { ServerErrorPage } from './pages/server-error-page';
import { RootShell } from './root-shell';
import type { Screen } from './screen-entry';
import { paths, screenList } from './screens';
import { createSessionGuards, type SessionGuards } from './session-guards';
import type { AppStore } from './store';

/** Routes whose loader always redirects render nothing themselves. */
function Redirecting() {
  return null;
}

function notYet(titleKey: string): Page {
  return async () => {
    const { NotAvailableYet } = await import('@/components/not-available-yet');
    return function AreaNotAvailableYet() {
      return <NotAvailableYet titleKey={titleKey} />;
    };
  };
}

/** A screen of the table as a route: its guard, and its page (or "not available yet"). */
function screenRoute(guards: SessionGuards, key: string, screen: Screen): RouteObject {
  const loader = screen.entry
    ? guards[screen.entry]
    : screen.rule
      ? guards.requireAccess(screen.rule)
      : undefined;
  return {
    path: screen.path,
    loader,
    lazy: { Component: screen.page ?? notYet(`nav:pages.${key}`) },
  };
}

function routesOf(guards: SessionGuards, layout: Screen['layout']): RouteObject[] {
  return screenList
    .filter((screen) => (screen.layout ?? 'main') === layout)
    .map(({ key, ...screen }) => screenRoute(guards, key, screen));
}

function appRoutes(guards: SessionGuards): RouteObject[] {
  return [
    { index: true, loader: () => redirect(paths.dashboard), Component: Redirecting },
    ...routesOf(guards, 'public'),
    {
      // The main layout: signed-in screens only.
      loader: guards.requireAccess('open'),
      lazy: { Component: async () => (await import('./layouts/default-layout')).DefaultLayout },
      children: routesOf(guards, 'main'),
    },
    {
      loader: guards.requireAccess('open'),
      lazy: { Component: async () => (await import('./layouts/checklist-layout')).ChecklistLayout },
      children: routesOf(guards, 'checklist'),
    },
    { path: '*', loader: () => redirect(paths.notFound), Component: Redirecting },
  ];
}

/** The whole table under the root route, which loads the session first (SPEC §2). */
export function buildRoutes(guards: SessionGuards): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: guards.rootLoader,
      Component: RootShell,
      errorElement: <ServerErrorPage />,
      HydrateFallback: LoadingFallback,
      children: appRoutes(guards),
    },
  ];
}

export type CreateRouter = (routes: RouteObject[]) => DataRouter;

/** The app's router; tests pass `createMemoryRouter` with their own entries. */
export function createAppRouter(store: AppStore, create: CreateRouter = createBrowserRouter) {
  return create(buildRoutes(createSessionGuards(store, loadRuntimeConfig)));
}
