import { CButton, CCard, CCardBody } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Role } from '@contract/identity';
import { PERMISSION_CATALOGUE } from '@contract/permissions';
import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DeleteRefusal } from '@/components/delete-refusal';
import { PageHeader } from '@/components/page-header';
import { EditDeleteActions } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { ROLE_FILTERS, RoleFilters, useRoleList } from './role-list-query';
import type { RoleLinks } from './role-links';
import { useDeleteRoleMutation } from './roles-api';

/** /roles: roles with their department and rights, filtered by department and by a granted right. */
export function RolesListPage({ links }: { links: RoleLinks }) {
  const { t, i18n } = useTranslation(['roles', 'errors']);
  const can = useCan();
  const [params, setParams] = useListParams(ROLE_FILTERS);
  const list = useRoleList(params);
  const { department_id, type, action } = params.filters;
  const filtered = Boolean(params.search || department_id || (type && action));
  const [remove, removing] = useDeleteRoleMutation();
  const deletion = useConfirmedDelete<Role>({
    remove: (role) => remove(role.id).unwrap(),
    deleted: (role) => t('deleted', { name: role.name }),
    busy: removing.isLoading,
  });

  const columns: DataColumn<Role>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (role) => (
        <>
          {can.route('viewRole') ? <Link to={links.view(role.id)}>{role.name}</Link> : role.name}
          {role.description && (
            <div className="small text-body-secondary fw-normal">{role.description}</div>
          )}
        </>
      ),
    },
    {
      key: 'department',
      header: t('fields.department'),
      cell: (role) => role.department_name ?? t('allDepartments'),
    },
    {
      key: 'rights',
      header: t('fields.rights'),
      cell: (role) =>
        t('rightsCount', {
          count: role.permission_set.length,
          total: PERMISSION_CATALOGUE.length,
        }),
    },
    { key: 'users', header: t('fields.users'), cell: (role) => role.user_count },
    {
      key: 'updated',
      header: t('fields.updatedAt'),
      cell: (role) => formatDateTime(role.updated_at, { locale: i18n.language }),
    },
  ];
  const actions = (role: Role) => (
    <EditDeleteActions
      edit={
        can.route('updateRole')
          ? {
              to: links.update(role.id),
              text: t('edit'),
              label: t('editNamed', { name: role.name }),
            }
          : undefined
      }
      remove={
        can.right('Roles', 'DELETE')
          ? {
              onClick: () => deletion.ask(role),
              text: t('delete'),
              label: t('deleteNamed', { name: role.name }),
            }
          : undefined
      }
    />
  );
  const { refusal, pending } = deletion;
  const inUse = refusal?.error.code === 'ROLE_IN_USE';
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          can.route('addRole') && (
            <CButton as={Link} to={links.add} color="primary">
              {t('add')}
            </CButton>
          )
        }
      />
      {refusal && (
        <DeleteRefusal
          title={t('deleteRefused', { name: refusal.row.name })}
          detail={
            inUse
              ? t('inUseDetail', { count: refusal.row.user_count })
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
            rowKey={(role) => role.id}
            rowActions={{ label: t('actions'), render: actions }}
            params={params}
            setParams={setParams}
            searchLabel={t('search')}
            filters={<RoleFilters params={params} setParams={setParams} />}
            empty={filtered ? t('noMatches') : t('empty')}
            pagerLabel={t('pages')}
          />
        </CCardBody>
      </CCard>
      <ConfirmModal
        {...deletion.dialog}
        title={t('confirmDeleteTitle')}
        message={
          pending
            ? `${t('confirmDelete', { name: pending.name })}${
                pending.user_count > 0 ? ` ${t('stillHeld', { count: pending.user_count })}` : ''
              }`
            : ''
        }
        confirmLabel={t('delete')}
      />
    </>
  );
}
