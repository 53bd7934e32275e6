import { CFooter } from '@coreui/react';
import { useTranslation } from 'react-i18next';

export function AppFooter() {
  const { t } = useTranslation('common');
  return (
    <CFooter className="px-4">
      <span>
        {t('appName')} © {new Date().getFullYear()}
      </span>
      <span className="ms-auto text-body-secondary small">{t('footerTagline')}</span>
    </CFooter>
  );
}
