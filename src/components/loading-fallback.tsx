import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or translations load; it must not suspend itself. */
export function LoadingFallback() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const label = ready ? t('loading') : 'Loading...';
  return (
    <div className="d-flex justify-content-center align-items-center p-5" role="status">
      <CSpinner color="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
