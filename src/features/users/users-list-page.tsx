import { CButton, CCard, CCardBody } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ManagedUser } from '@contract/identity';
import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { EditDeleteActions } from '@/components/row-actions';
import { SelectFilter } from '@/components/select-filter';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { selectProfile } from '@/lib/session/session-slice';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { userColumns } from './user-columns';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useDeleteUserMutation, useListUsersQuery } from './users-api';

const FILTERS = ['department', 'status'] as const;

/** /users: searchable, paged users with department and status filters; actions by right. */
export function UsersListPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const can = useCan();
  const me = useSelector(selectProfile);
  const [params, setParams] = useListParams(FILTERS);
  const { department, status } = params.filters;
  const list = useListUsersQuery({
    page: params.page,
    size: params.size,
    search: params.search,
    department_name: department,
    status: status === 'active' || status === 'disabled' ? status : undefined,
  });
  const { departments } = useDepartmentChoices('Users', 'LIST_VIEW');
  const [remove, removing] = useDeleteUserMutation();
  const deletion = useConfirmedDelete<ManagedUser>({
    remove: (u) => remove(u.id).unwrap(),
    deleted: (u) => t('deleted', { name: fullName(u) }),
    busy: removing.isLoading,
  });

  // A department from the address may be one this person cannot pick; keep it visible.
  const departmentNames = departments.map((d) => d.name);
  if (department && !departmentNames.includes(department)) departmentNames.push(department);

  const filtered = Boolean(params.search || department || status);
  const columns = userColumns(t, can.route('viewUser') ? links.view : null);
  const actions = (u: ManagedUser) => (
    <EditDeleteActions
      edit={
        can.route('editUser')
          ? { to: links.edit(u.id), text: t('edit'), label: t('editNamed', { name: fullName(u) }) }
          : undefined
      }
      remove={
        can.right('Users', 'DELETE') && me?.id !== u.id
          ? {
              onClick: () => deletion.ask(u),
              text: t('delete'),
              label: t('deleteNamed', { name: fullName(u) }),
            }
          : undefined
      }
    />
  );
  const filters = (
    <>
      <SelectFilter
        label={t('filters.department')}
        value={department}
        any={t('filters.anyDepartment')}
        options={departmentNames.map((name) => ({ value: name, label: name }))}
        onChange={(value) => setParams({ filters: { department: value } })}
      />
      <SelectFilter
        label={t('filters.status')}
        value={status}
        any={t('filters.anyStatus')}
        options={(['active', 'disabled'] as const).map((v) => ({
          value: v,
          label: t(`statuses.${v}`),
        }))}
        onChange={(value) => setParams({ filters: { status: value } })}
      />
    </>
  );
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          can.route('addUser') && (
            <CButton as={Link} to={links.add} color="primary">
              {t('add')}
            </CButton>
          )
        }
      />
      <CCard>
        <CCardBody>
          <DataTable
            caption={t('title')}
            columns={columns}
            query={list}
            rowKey={(u) => u.id}
            rowActions={{ label: t('actions'), render: actions }}
            params={params}
            setParams={setParams}
            searchLabel={t('search')}
            filters={filters}
            empty={filtered ? t('noMatches') : t('empty')}
            pagerLabel={t('pages')}
          />
        </CCardBody>
      </CCard>
      <ConfirmModal
        {...deletion.dialog}
        title={t('confirmDeleteTitle')}
        message={
          deletion.pending
            ? t('confirmDelete', {
                name: fullName(deletion.pending),
                email: deletion.pending.email,
              })
            : ''
        }
        confirmLabel={t('delete')}
      />
    </>
  );
}
