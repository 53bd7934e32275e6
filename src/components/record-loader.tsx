import type { ReactNode } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';

export interface RecordQuery<T> {
  isLoading: boolean;
  data?: T;
  error?: unknown;
}

/**
 * One record fetched by id (a user, a role …): a spinner while it loads, the server's reason or
 * "not found" with a link back to the list when it cannot be shown, otherwise `children`.
 */
export function RecordLoader<T>({
  query,
  notFound,
  listPath,
  backToList,
  children,
}: {
  query: RecordQuery<T>;
  notFound: string;
  listPath: string;
  backToList: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation(['errors', 'common']);
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (!query.data)
    return (
      <CAlert color="warning" role="alert">
        {query.error ? errorText(t, toApiErrorData(query.error)) : notFound}{' '}
        <Link to={listPath}>{backToList}</Link>
      </CAlert>
    );
  return <>{children(query.data)}</>;
}
