import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import { useStoreLoaded } from './store-provider';

// Theme, toasts and the notification live in the store, which /login does not load.
const StoreShell = lazy(() => import('./store-shell').then((m) => ({ default: m.StoreShell })));

/** Everything every screen shares: the screen, and (once the store is there) theme and toasts. */
export function RootShell() {
  const storeLoaded = useStoreLoaded();
  return (
    <>
      <Suspense fallback={<LoadingFallback />}>
        <Outlet />
      </Suspense>
      {storeLoaded && (
        <Suspense fallback={null}>
          <StoreShell />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
