/**
 * The route table (SPEC §2). Guard loaders are static and cheap; every screen is lazy (object-form
 * `lazy`), so the access check runs while the chunk downloads and a denied user never sees the
 * page. The main layout is lazy too: /login never loads the sidebar, header or icons.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type DataRouter, type RouteObject } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import type { AuthLinks } from '@/features/auth/auth-links';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { paths } from './paths';
import { ServerErrorPage } from './pages/server-error-page';
import { RootShell } from './root-shell';
import { areaRoutes, checklistLayoutRoutes, type AreaRoute } from './routes/area-routes';
import { createSessionGuards, type SessionGuards } from './session-guards';
import type { AppStore } from './store';

const authLinks: AuthLinks = {
  login: paths.login,
  signup: paths.signup,
  forgotPassword: paths.resetPassword,
  home: paths.dashboard,
};

type Lazy = () => Promise<ComponentType>;

/** Routes whose loader always redirects render nothing themselves. */
function Redirecting() {
  return null;
}

function notYet(titleKey: string): Lazy {
  return async () => {
    const { NotAvailableYet } = await import('@/components/not-available-yet');
    return function AreaNotAvailableYet() {
      return <NotAvailableYet titleKey={`nav:${titleKey}`} />;
    };
  };
}

function guardedArea(guards: SessionGuards, area: AreaRoute): RouteObject {
  return {
    path: area.path,
    loader: guards.requireAccess(area.rule),
    lazy: { Component: area.page ?? notYet(area.titleKey) },
  };
}

function appRoutes(guards: SessionGuards): RouteObject[] {
  const { requireAccess } = guards;
  return [
    { index: true, loader: () => redirect(paths.dashboard), Component: Redirecting },
    {
      path: paths.login,
      loader: guards.loginEntry,
      lazy: {
        Component: async () => {
          const { LoginPage } = await import('@/features/auth/login-page');
          return () => <LoginPage links={authLinks} />;
        },
      },
    },
    {
      path: paths.signup,
      loader: guards.guestOnly,
      lazy: {
        Component: async () => {
          const { SignupPage } = await import('@/features/auth/signup-page');
          return () => <SignupPage links={authLinks} />;
        },
      },
    },
    {
      path: paths.verify,
      lazy: {
        Component: async () => {
          const { VerifyPage } = await import('@/features/auth/verify-page');
          return () => <VerifyPage links={authLinks} />;
        },
      },
    },
    {
      path: paths.resetPassword,
      loader: guards.resetPasswordEntry,
      lazy: {
        Component: async () => {
          const { ResetPasswordPage } = await import('@/features/auth/reset-password-page');
          return () => <ResetPasswordPage links={authLinks} />;
        },
      },
    },
    {
      path: paths.forbidden,
      lazy: { Component: async () => (await import('./pages/forbidden-page')).ForbiddenPage },
    },
    {
      path: paths.notFound,
      lazy: { Component: async () => (await import('./pages/not-found-page')).NotFoundPage },
    },
    {
      // The main layout: signed-in screens only.
      loader: requireAccess('open'),
      lazy: { Component: async () => (await import('./layouts/default-layout')).DefaultLayout },
      children: [...areaRoutes.map((area) => guardedArea(guards, area))],
    },
    {
      loader: requireAccess('open'),
      lazy: { Component: async () => (await import('./layouts/checklist-layout')).ChecklistLayout },
      children: checklistLayoutRoutes.map((area) => guardedArea(guards, area)),
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
