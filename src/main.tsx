import './app/styles/coreui.scss';
import './app/rtl.css';
// In the entry's stylesheet: a separate file fetched with the lazy layout delayed the dashboard.
import './app/layouts/layout.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { createApp } from '@/app/create-app';
import { StoreProvider } from '@/app/store-provider';
import { LoadingFallback } from '@/components/loading-fallback';
import { HttpContext } from '@/lib/http-context';
import { createI18n } from '@/lib/i18n';
import { applyTheme, initialTheme } from '@/lib/theme';

const theme = initialTheme(window.location.search);
applyTheme(theme);
const i18n = createI18n();
const { stores, router, http } = createApp({ theme });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <HttpContext.Provider value={http}>
        <StoreProvider stores={stores}>
          <Suspense fallback={<LoadingFallback />}>
            <RouterProvider router={router} />
          </Suspense>
        </StoreProvider>
      </HttpContext.Provider>
    </I18nextProvider>
  </StrictMode>,
);
