import type { ReactNode } from 'react';
import { CCard, CCardBody, CCol, CContainer, CRow } from '@coreui/react';
import { PageHeading } from '@/components/page-heading';

/** The plain centred page of the forbidden, not-found and server-error screens. */
export function StatusPage({
  code,
  title,
  children,
}: {
  code: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="bg-body-tertiary min-vh-100 d-flex flex-row align-items-center py-4">
      <CContainer>
        <CRow className="justify-content-center">
          <CCol md={8} lg={6}>
            <CCard>
              <CCardBody className="p-4">
                <p className="display-4 fw-bold text-body-secondary mb-1" aria-hidden="true">
                  {code}
                </p>
                <PageHeading className="h3 mb-3">{title}</PageHeading>
                {children}
              </CCardBody>
            </CCard>
          </CCol>
        </CRow>
      </CContainer>
    </main>
  );
}
