import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusPage } from './status-page';

/**
 * The 500 page: the root's error element, shown when the session cannot be loaded or a screen
 * fails (SPEC §2, §8). It must render even when translations failed, hence the default texts.
 */
export function ServerErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common', { useSuspense: false });
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <StatusPage code="500" title={t('serverError.title', 'Something went wrong')}>
      <p>
        {t(
          'serverError.body',
          'The console could not load this page. Please try again in a moment.',
        )}
      </p>
      {detail && <p className="text-body-secondary small">{detail}</p>}
      <CButton color="primary" onClick={() => window.location.reload()}>
        {t('serverError.reload', 'Reload')}
      </CButton>
    </StatusPage>
  );
}
