import './app/styles/coreui.scss';
import './app/rtl.css';
// In the entry's stylesheet: a separate file fetched with the lazy layout delayed the dashboard.
import './app/layouts/layout.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createApp } from '@/app/create-app';
import { LoadingFallback } from '@/components/loading-fallback';
import { createI18n } from '@/lib/i18n';
import { applyTheme, initialTheme } from '@/lib/theme';

const theme = initialTheme(window.location.search);
applyTheme(theme);
const i18n = createI18n();
const { store, router } = createApp({ theme });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <Suspense fallback={<LoadingFallback />}>
          <RouterProvider router={router} />
        </Suspense>
      </Provider>
    </I18nextProvider>
  </StrictMode>,
);
