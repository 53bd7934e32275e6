import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import { applyTheme } from '@/lib/theme';
import { useAppSelector } from './store';

// Loaded when there is something to show, to keep them out of the first download.
const ToastsHost = lazy(() =>
  import('@/components/toasts-host').then((m) => ({ default: m.ToastsHost })),
);
const NotificationSnackbar = lazy(() =>
  import('@/components/notification-snackbar').then((m) => ({ default: m.NotificationSnackbar })),
);

/** Everything every screen shares: theme on the document, toasts and the notification. */
export function RootShell() {
  const theme = useAppSelector((s) => s.ui.theme);
  const hasToasts = useAppSelector((s) => s.notify.toasts.length > 0);
  const notifying = useAppSelector((s) => s.notify.notification.open);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <>
      <Suspense fallback={<LoadingFallback />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        {hasToasts && <ToastsHost />}
        {notifying && <NotificationSnackbar />}
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
