import { useMemo, useState } from 'react';
import { CButton, CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { departmentScope, inScope, isTrialUser } from '@contract/access';
import type { DbSource } from '@contract/db-sources';
import { ConfirmModal } from '@/components/confirm-modal';
import type { DataColumn } from '@/components/data-table';
import { ListPage, listTexts, updatedColumn } from '@/components/list-page';
import { useRowSelection } from '@/components/use-row-selection';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import type { DbSourceLinks } from './db-source-links';
import {
  useDeleteDbSourcesMutation,
  useListDbSourcesQuery,
  useUpdateDbSourceMutation,
} from './db-sources-api';

const sourceId = (s: DbSource) => s.id;

/**
 * /integration/database-integration (SPEC §2, §4): the database sources of one's departments,
 * each with its is_active switch, and a bulk delete of the ticked ones.
 */
export function DbSourcesListPage({ links }: { links: DbSourceLinks }) {
  const { t, i18n } = useTranslation(['db-sources', 'errors']);
  const { right, scope } = useDbRights();
  const [params, setParams] = useListParams([]);
  const list = useListDbSourcesQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const { selected, select, clear } = useRowSelection(JSON.stringify(params), rows, sourceId);
  const [update] = useUpdateDbSourceMutation();
  const [remove, removing] = useDeleteDbSourcesMutation();
  const [confirming, setConfirming] = useState(false);
  const run = useToastedAction();
  const ids = rows.filter((s) => selected.has(s.id)).map(sourceId);

  const toggle = (s: DbSource, on: boolean) =>
    void run(
      () => update({ id: s.id, body: { is_active: on } }).unwrap(),
      () => t(on ? 'switchedOn' : 'switchedOff', { name: s.name }),
    );
  async function deleteSelected() {
    const ok = await run(
      () => remove(ids).unwrap(),
      () => t('deleted', { count: ids.length }),
    );
    if (ok) clear();
    setConfirming(false);
  }

  const columns: DataColumn<DbSource>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (s) => <Link to={links.view(s.id)}>{s.name}</Link>,
    },
    {
      key: 'is_active',
      header: t('fields.isActive'),
      cell: (s) => (
        <CFormSwitch
          id={`db-source-active-${s.id}`}
          label={t(s.is_active ? 'active' : 'inactive')}
          aria-label={t('toggleNamed', { name: s.name })}
          checked={s.is_active}
          disabled={!scope('UPDATE', s.department_id)}
          onChange={(e) => toggle(s, e.target.checked)}
        />
      ),
    },
    {
      key: 'type',
      header: t('fields.dbType'),
      cell: (s) => t(`types.${s.db_type}`, { defaultValue: s.db_type_label }),
    },
    {
      key: 'where',
      header: t('fields.where'),
      cell: (s) => (
        <span className="text-break">
          {s.db_type === 'sqlite' ? s.database : `${s.host}:${s.port ?? ''} / ${s.database}`}
        </span>
      ),
    },
    { key: 'department', header: t('fields.department'), cell: (s) => s.department_name },
    updatedColumn(t, i18n.language),
  ];

  return (
    <>
      <ListPage
        title={t('title')}
        add={right('ADD') && { to: links.add, text: t('add') }}
        above={<p className="text-body-secondary">{t('intro')}</p>}
        toolbar={
          right('DELETE') && (
            <div className="d-flex align-items-center gap-2 mb-3">
              <span className="small text-body-secondary" role="status">
                {t('selected', { count: ids.length })}
              </span>
              <CButton
                size="sm"
                color="danger"
                variant="outline"
                disabled={ids.length === 0 || removing.isLoading}
                onClick={() => setConfirming(true)}
              >
                {t('deleteSelected')}
              </CButton>
            </div>
          )
        }
        columns={columns}
        query={list}
        rowKey={sourceId}
        rowProps={(s) => ({ 'data-testid': 'db-source-row', 'data-source-id': s.id })}
        selection={{
          selectable: (s) => scope('DELETE', s.department_id),
          selected,
          onSelect: select,
          selectAllLabel: t('selectAll'),
          selectLabel: (s) => t('selectNamed', { name: s.name }),
        }}
        params={params}
        setParams={setParams}
        {...listTexts(t)}
      />
      <ConfirmModal
        visible={confirming}
        title={t('deleteTitle')}
        message={t('confirmDelete', { count: ids.length })}
        confirmLabel={t('deleteSelected')}
        busy={removing.isLoading}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * The Documents rights that govern database sources (the server's rule), by department; a Trial
 * account may not add or change any.
 */
function useDbRights() {
  const { right, subject } = useCan();
  const trial = subject !== null && !subject.is_defaultadmin && isTrialUser(subject);
  return {
    right: (action: 'ADD' | 'DELETE' | 'UPDATE') =>
      right('Documents', action) && !(trial && action !== 'DELETE'),
    scope: (action: 'UPDATE' | 'DELETE', department: number) =>
      subject !== null &&
      !(trial && action === 'UPDATE') &&
      inScope(departmentScope(subject, 'Documents', action), department),
  };
}
