import type { ReactNode } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import type { ListParams } from '@/lib/use-list-params';
import { ListPager } from './list-pager';

/**
 * The body of a paged list: the server's reason when the list failed, a spinner while it loads,
 * `empty` when it has no rows, otherwise the table (`children`); then the pager when anything
 * matched. Page and size live in the address: pass the pair `useListParams` returns.
 */
export function PagedListBody({
  error,
  isLoading,
  rowCount,
  total,
  empty,
  params,
  setParams,
  pagerLabel,
  children,
}: {
  error: unknown;
  isLoading: boolean;
  rowCount: number;
  total: number;
  empty: string;
  params: Pick<ListParams<string>, 'page' | 'size'>;
  setParams: (change: { page?: number; size?: number }) => void;
  pagerLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <>
      {error ? (
        <CAlert color="danger" role="alert">
          {errorText(t, toApiErrorData(error))}
        </CAlert>
      ) : isLoading ? (
        <CSpinner aria-label={t('common:loading')} />
      ) : rowCount === 0 ? (
        <p className="mb-0">{empty}</p>
      ) : (
        children
      )}
      {total > 0 && (
        <ListPager
          page={params.page}
          size={params.size}
          total={total}
          onPage={(page) => setParams({ page })}
          onSize={(size) => setParams({ size })}
          label={pagerLabel}
        />
      )}
    </>
  );
}
