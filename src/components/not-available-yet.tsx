import { CCard, CCardBody } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './page-heading';

/** The screen of an area that a later release builds; honest about it, with no made-up data. */
export function NotAvailableYet({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  const title = t(titleKey);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <CCard>
        <CCardBody>
          <p className="mb-1 fw-semibold">{t('notAvailable.title')}</p>
          <p className="mb-0 text-body-secondary">{t('notAvailable.body')}</p>
        </CCardBody>
      </CCard>
    </>
  );
}
