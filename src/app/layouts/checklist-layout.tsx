import { Suspense } from 'react';
import { CContainer } from '@coreui/react';
import { Outlet } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';

/** The bare layout of full-page tools opened outside the main layout (SPEC §2). */
export function ChecklistLayout() {
  return (
    <main className="min-vh-100 py-4">
      <CContainer fluid className="px-4">
        <Suspense fallback={<LoadingFallback />}>
          <Outlet />
        </Suspense>
      </CContainer>
    </main>
  );
}
