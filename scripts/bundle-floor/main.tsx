/**
 * The smallest SPA the console's runtime stack allows: react-dom, the react-router data router and
 * i18next with its HTTP backend and language detector, rendering one translated heading. Built by
 * `npm run bench:bundle` to show how much of the /login budget the stack itself takes before any
 * store, component library or app code. Never shipped.
 */
import i18next from 'i18next';
import Detector from 'i18next-browser-languagedetector';
import Backend from 'i18next-http-backend';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, redirect, RouterProvider } from 'react-router-dom';

function Login() {
  const { t } = useTranslation();
  return <h1>{t('title')}</h1>;
}

void i18next.use(Backend).use(Detector).use(initReactI18next).init({ fallbackLng: 'en' });
const router = createBrowserRouter([
  {
    id: 'root',
    path: '/',
    loader: () => null,
    children: [
      { path: 'login', Component: Login },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
]);
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <I18nextProvider i18n={i18next}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
