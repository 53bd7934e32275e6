/** What the root shows once the store is there: the chosen theme, toasts and the notification. */
import { lazy, Suspense, useEffect } from 'react';
import { applyTheme } from '@/lib/theme';
import { useAppSelector } from './store';

// Loaded when there is something to show, to keep them out of the first download.
const ToastsHost = lazy(() =>
  import('@/components/toasts-host').then((m) => ({ default: m.ToastsHost })),
);
const NotificationSnackbar = lazy(() =>
  import('@/components/notification-snackbar').then((m) => ({ default: m.NotificationSnackbar })),
);

export function StoreShell() {
  const theme = useAppSelector((s) => s.ui.theme);
  const hasToasts = useAppSelector((s) => s.notify.toasts.length > 0);
  const notifying = useAppSelector((s) => s.notify.notification.open);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <Suspense fallback={null}>
      {hasToasts && <ToastsHost />}
      {notifying && <NotificationSnackbar />}
    </Suspense>
  );
}
