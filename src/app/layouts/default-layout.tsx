import { Suspense } from 'react';
import { CContainer } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LoadingFallback } from '@/components/loading-fallback';
import { useAppSelector } from '../store';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import './layout.css';

/**
 * CoreUI's DefaultLayout: sidebar + header + content + footer (loaded only after sign-in). A chat
 * widget's visitor sees the chat alone: no sidebar, no header menu.
 */
export function DefaultLayout() {
  const { t } = useTranslation('common');
  const visitor = useAppSelector((s) => s.session.kind === 'widget');
  if (visitor)
    return (
      <Suspense fallback={<LoadingFallback />}>
        <Outlet />
      </Suspense>
    );
  return (
    <>
      <a className="visually-hidden-focusable skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <AppSidebar />
      <div className="wrapper d-flex flex-column min-vh-100">
        <AppHeader />
        <main id="main-content" className="body flex-grow-1 pb-4">
          <CContainer className="px-4" lg>
            <Suspense fallback={<LoadingFallback />}>
              <Outlet />
            </Suspense>
          </CContainer>
        </main>
        <AppFooter />
      </div>
    </>
  );
}
