import { CAlert, CCard, CCardBody, CNav, CNavItem, CNavLink, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { FileUploadForm } from './file-upload-form';
import { UrlUploadForm } from './url-upload-form';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import './knowledge.css';

export type UploadType = 'files' | 'urls';
const UPLOAD_TYPES: readonly UploadType[] = ['files', 'urls'];

/** The mode in the address (`?type=files|urls`, files by default); null when it names neither. */
export function uploadTypeOf(value: string | null): UploadType | null {
  if (value === null || value === '') return 'files';
  return (UPLOAD_TYPES as readonly string[]).includes(value) ? (value as UploadType) : null;
}

/** /upload (SPEC §2): knowledge sources as files or as web addresses, into one department. */
export function UploadPage({ repositoryPath }: { repositoryPath: string }) {
  const { t } = useTranslation('knowledge');
  const [params] = useSearchParams();
  const type = uploadTypeOf(params.get('type'));
  const departments = useDepartmentChoices('Documents', 'ADD');

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="h3 mb-0">{t('upload.title')}</PageHeading>
        <Link to={repositoryPath}>{t('upload.toRepository')}</Link>
      </div>
      <nav aria-label={t('upload.modes')}>
        {/* CNav marks its list role=navigation; the <nav> already is one, so keep the list a list. */}
        <CNav variant="tabs" className="mb-0" role="list">
          {UPLOAD_TYPES.map((mode) => (
            <CNavItem key={mode}>
              <CNavLink
                as={Link}
                to={`?type=${mode}`}
                replace
                active={type === mode}
                aria-current={type === mode ? 'page' : undefined}
              >
                {t(`upload.mode.${mode}`)}
              </CNavLink>
            </CNavItem>
          ))}
        </CNav>
      </nav>
      <CCard className="border-top-0 rounded-top-0">
        <CCardBody>
          {type === null ? (
            <CAlert color="danger" role="alert">
              {t('problems.invalidType')}
            </CAlert>
          ) : departments.isLoading ? (
            <CSpinner aria-label={t('common:loading')} />
          ) : type === 'files' ? (
            <FileUploadForm departments={departments.departments} />
          ) : (
            <UrlUploadForm departments={departments.departments} />
          )}
        </CCardBody>
      </CCard>
    </>
  );
}
