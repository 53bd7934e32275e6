import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Role, ROLE_SORTS } from '@contract/identity';
import { PERMISSION_CATALOGUE } from '@contract/permissions';
import type { DataColumn } from '@/components/data-table';
import {
  deletionTexts,
  inUseRefusal,
  ListPage,
  listTexts,
  updatedColumn,
} from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { roleDescriptionText } from '@/lib/seeded-text';
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
  const deletion = useConfirmedDelete(useDeleteRoleMutation(), (role: Role) =>
    t('deleted', { name: role.name }),
  );

  const columns: DataColumn<Role>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (role) => (
        <>
          {can.route('viewRole') ? <Link to={links.view(role.id)}>{role.name}</Link> : role.name}
          {role.description && (
            <div className="small text-body-secondary fw-normal" dir="auto">
              {roleDescriptionText(t, role)}
            </div>
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
        t('rightsCount', { count: role.permission_set.length, total: PERMISSION_CATALOGUE.length }),
    },
    { key: 'users', header: t('fields.users'), cell: (role) => role.user_count },
    updatedColumn(t, i18n.language),
  ];
  return (
    <ListPage
      title={t('title')}
      add={can.route('addRole') && { to: links.add, text: t('add') }}
      columns={columns}
      sorts={ROLE_SORTS}
      query={list}
      rowKey={(role) => role.id}
      rowActions={editDeleteColumn(t, {
        name: (role) => role.name,
        editTo: can.route('updateRole') && ((role) => links.update(role.id)),
        onDelete: can.right('Roles', 'DELETE') && deletion.ask,
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      filters={<RoleFilters params={params} setParams={setParams} />}
      deletion={{
        flow: deletion,
        ...deletionTexts(t),
        question: (role) =>
          role.user_count > 0
            ? `${t('confirmDelete', { name: role.name })} ${t('stillHeld', { count: role.user_count })}`
            : t('confirmDelete', { name: role.name }),
        refused: inUseRefusal(
          t,
          'ROLE_IN_USE',
          (role) => role.name,
          (role) => t('inUseDetail', { count: role.user_count }),
        ),
      }}
    />
  );
}
