import { CButton, CCard, CCardBody } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Department } from '@contract/identity';
import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DeleteRefusal } from '@/components/delete-refusal';
import { PageHeader } from '@/components/page-header';
import { EditDeleteActions } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { formatDateTime } from '@/lib/dates';
import { errorText, type Translate } from '@/lib/error-text';
import { useListParams } from '@/lib/use-list-params';
import type { DepartmentLinks } from './department-links';
import { useDeleteDepartmentMutation, useListDepartmentsQuery } from './departments-api';

/** /department: the paged, searchable list of departments with view, edit and delete. */
export function DepartmentsListPage({ links }: { links: DepartmentLinks }) {
  const { t, i18n } = useTranslation(['departments', 'errors']);
  const [params, setParams] = useListParams();
  const list = useListDepartmentsQuery({
    page: params.page,
    size: params.size,
    search: params.search,
  });
  const [remove, removing] = useDeleteDepartmentMutation();
  const deletion = useConfirmedDelete<Department>({
    remove: (d) => remove(d.id).unwrap(),
    deleted: (d) => t('deleted', { name: d.name }),
    busy: removing.isLoading,
  });

  const columns: DataColumn<Department>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (d) => <Link to={links.view(d.id)}>{d.name}</Link>,
    },
    { key: 'description', header: t('fields.description'), cell: (d) => d.description },
    { key: 'users', header: t('fields.users'), cell: (d) => d.user_count },
    { key: 'roles', header: t('fields.roles'), cell: (d) => d.role_count },
    {
      key: 'updated',
      header: t('fields.updatedAt'),
      cell: (d) => formatDateTime(d.updated_at, { locale: i18n.language }),
    },
  ];
  const refusal = deletion.refusal;
  const inUse = refusal?.error.code === 'DEPARTMENT_IN_USE';
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <CButton as={Link} to={links.add} color="primary">
            {t('add')}
          </CButton>
        }
      />
      {refusal && (
        <DeleteRefusal
          title={t('deleteRefused', { name: refusal.row.name })}
          detail={
            inUse
              ? t('inUseDetail', { users: refusal.row.user_count, roles: refusal.row.role_count })
              : errorText(t, refusal.error)
          }
          serverMessage={inUse ? refusal.error.message : undefined}
          onClose={deletion.clearRefusal}
        />
      )}
      <CCard>
        <CCardBody>
          <DataTable
            caption={t('title')}
            columns={columns}
            query={list}
            rowKey={(d) => d.id}
            rowActions={{
              label: t('actions'),
              render: (d) => (
                <EditDeleteActions
                  edit={{
                    to: links.update(d.id),
                    text: t('edit'),
                    label: t('editNamed', { name: d.name }),
                  }}
                  remove={{
                    onClick: () => deletion.ask(d),
                    text: t('delete'),
                    label: t('deleteNamed', { name: d.name }),
                  }}
                />
              ),
            }}
            params={params}
            setParams={setParams}
            searchLabel={t('search')}
            empty={params.search ? t('noMatches') : t('empty')}
            pagerLabel={t('pages')}
          />
        </CCardBody>
      </CCard>
      <ConfirmModal
        {...deletion.dialog}
        title={t('confirmDeleteTitle')}
        message={deletion.pending ? deleteQuestion(t, deletion.pending) : ''}
        confirmLabel={t('delete')}
      />
    </>
  );
}

function deleteQuestion(t: Translate, d: Department): string {
  const question = t('confirmDelete', { name: d.name });
  if (d.user_count === 0 && d.role_count === 0) return question;
  return `${question} ${t('stillHolds', { users: d.user_count, roles: d.role_count })}`;
}
