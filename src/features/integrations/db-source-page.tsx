import { CCol, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/record-page';
import { DbSourceExplorer } from './db-source-explorer';
import { DbSourceForm } from './db-source-form';
import type { DbSourceLinks } from './db-source-links';
import { useGetDbSourceQuery } from './db-sources-api';

/**
 * add-db-agent and view-db-agent/{id} (SPEC §2: the add and view screens share one screen): the
 * connection form, and on a saved, active source its tables and a grouped query with its chart.
 */
export function DbSourcePage({ links }: { links: DbSourceLinks }) {
  const { t } = useTranslation(['db-sources', 'errors']);
  const raw = useParams().id;
  const id = Number(raw);
  const viewing = raw !== undefined;
  const valid = !viewing || (Number.isInteger(id) && id > 0);
  const query = useGetDbSourceQuery(id, { skip: !viewing || !valid });
  return (
    <FormPage
      heading={t(viewing ? 'viewTitle' : 'addTitle')}
      editing={viewing}
      query={query}
      valid={valid}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(source) => (
        <CRow className="g-4">
          <CCol xl={source ? 5 : 8}>
            <DbSourceForm key={source?.updated_at} source={source} links={links} />
          </CCol>
          {source && (
            <CCol xl={7}>
              <DbSourceExplorer source={source} />
            </CCol>
          )}
        </CRow>
      )}
    />
  );
}
