import type { ReactNode } from 'react';
import { CCard, CCardBody, CCol, CContainer, CFormSelect, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@contract/constants';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { PageHeading } from '@/components/page-heading';

/** The centred card the sign-in, sign-up, verify and reset screens share. */
export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const current = (i18n.resolvedLanguage ?? i18n.language ?? 'en').split('-')[0];
  return (
    <main className="bg-body-tertiary min-vh-100 d-flex flex-row align-items-center py-4">
      <CContainer>
        <CRow className="justify-content-center">
          <CCol md={8} lg={6} xl={5}>
            <p className="text-center fs-4 fw-semibold mb-3">{t('appName')}</p>
            <CCard className="p-3 p-md-4">
              <CCardBody>
                <PageHeading className="h3 mb-3">{title}</PageHeading>
                {children}
              </CCardBody>
            </CCard>
            <div className="d-flex justify-content-center mt-3">
              <CFormSelect
                size="sm"
                className="w-auto"
                aria-label={t('language')}
                value={current}
                onChange={(e) => void i18n.changeLanguage(e.target.value)}
              >
                {SUPPORTED_LANGUAGES.map((lng) => (
                  <option key={lng} value={lng} lang={lng}>
                    {LANGUAGE_NAMES[lng]}
                  </option>
                ))}
              </CFormSelect>
            </div>
          </CCol>
        </CRow>
      </CContainer>
    </main>
  );
}
