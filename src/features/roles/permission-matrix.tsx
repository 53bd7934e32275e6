/**
 * The permission matrix of a role: the grid of the rights GET /permissions lists (the server's
 * catalogue, not a copy in the client), with a spinner while it loads and the reason, with a way
 * to try again, when it cannot be had.
 */
import { CAlert, CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { PermissionGrid, type PermissionMatrixProps } from './permission-grid';
import { usePermissionCatalogueQuery } from './permission-catalogue-api';

export function PermissionMatrix(props: PermissionMatrixProps) {
  const { t } = useTranslation(['errors', 'common']);
  const catalogue = usePermissionCatalogueQuery();
  if (catalogue.data) return <PermissionGrid catalogue={catalogue.data} {...props} />;
  if (catalogue.isError)
    return (
      <CAlert color="danger" role="alert" className="d-flex align-items-center gap-2">
        <span>{errorText(t, toApiErrorData(catalogue.error))}</span>
        <CButton
          size="sm"
          color="danger"
          variant="outline"
          className="ms-auto"
          onClick={() => void catalogue.refetch()}
        >
          {t('common:retry')}
        </CButton>
      </CAlert>
    );
  return <CSpinner size="sm" aria-label={t('common:loading')} />;
}
