/**
 * The route table (SPEC §2), built from the screen table (screens.ts). Guard loaders are static
 * and cheap; every screen is lazy (object-form `lazy`), so the access check runs while the chunk
 * downloads and a denied user never sees the page. The main layout is lazy too: /login never
 * loads the sidebar, header or icons.
 */
import { createBrowserRouter, redirect, type DataRouter, type RouteObject } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import type { Page } from './lazy-page';
import { ServerErrorPage } from './pages/server-error-page';
import { RootShell } from './root-shell';
import type { Screen } from './screen-entry';
import { paths, screenList } from './screens';
import { createSessionGuards, type SessionGuards } from './session-guards';
import type { StoreHolder } from './store-holder';

/** Routes whose loader always redirects render nothing themselves. */
function Redirecting() {
  return null;
}

/** What a route needs before it renders: its page, and the store unless the screen runs without. */
interface RouteContext {
  guards: SessionGuards;
  withStore: (page: Page) => Page;
}

/** A screen of the table as a route: its guard and its page. */
function screenRoute(context: RouteContext, screen: Screen): RouteObject {
  const { guards, withStore } = context;
  const loader = screen.entry
    ? guards[screen.entry]
    : screen.rule
      ? guards.requireAccess(screen.rule, screen.visitors)
      : undefined;
  const { page } = screen;
  return {
    path: screen.path,
    loader,
    lazy: { Component: screen.withoutStore ? page : withStore(page) },
  };
}

function routesOf(context: RouteContext, layout: Screen['layout']): RouteObject[] {
  return screenList
    .filter((screen) => (screen.layout ?? 'main') === layout)
    .map((screen) => screenRoute(context, screen));
}

function appRoutes(context: RouteContext): RouteObject[] {
  const { guards, withStore } = context;
  return [
    { index: true, loader: () => redirect(paths.dashboard), Component: Redirecting },
    ...routesOf(context, 'public'),
    {
      // The main layout: signed-in screens only (a widget visitor's chat too; its screens decide).
      loader: guards.requireAccess('open', true),
      lazy: {
        Component: withStore(async () => (await import('./layouts/default-layout')).DefaultLayout),
      },
      children: routesOf(context, 'main'),
    },
    {
      loader: guards.requireAccess('open'),
      lazy: {
        Component: withStore(
          async () => (await import('./layouts/checklist-layout')).ChecklistLayout,
        ),
      },
      children: routesOf(context, 'checklist'),
    },
    { path: '*', loader: () => redirect(paths.notFound), Component: Redirecting },
  ];
}

/** The whole table under the root route, which loads the session first (SPEC §2). */
function buildRoutes(context: RouteContext): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: context.guards.rootLoader,
      Component: RootShell,
      errorElement: <ServerErrorPage />,
      HydrateFallback: LoadingFallback,
      children: appRoutes(context),
    },
  ];
}

export type CreateRouter = (routes: RouteObject[]) => DataRouter;

/** The app's router; tests pass `createMemoryRouter` with their own entries. */
export function createAppRouter(stores: StoreHolder, create: CreateRouter = createBrowserRouter) {
  const guards = createSessionGuards(stores);
  const withStore =
    (page: Page): Page =>
    async () =>
      (await Promise.all([page(), stores.load()]))[0];
  return create(buildRoutes({ guards, withStore }));
}
