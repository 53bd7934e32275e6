import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { type ManagedUser, USER_SORTS } from '@contract/identity';
import { knownSort } from '@contract/paging';
import { deletionTexts, ListPage, listTexts } from '@/components/list-page';
import { editDeleteColumn } from '@/components/row-actions';
import { SelectFilter } from '@/components/select-filter';
import { useConfirmedDelete } from '@/components/use-confirmed-delete';
import { selectProfile } from '@/lib/session/session-slice';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import { DeletedUsersList } from './deleted-users-list';
import { userColumns } from './user-columns';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useDeleteUserMutation, useListUsersQuery } from './users-api';

const FILTERS = ['department', 'status'] as const;
const STATUSES = ['active', 'disabled'] as const;
/** "Deleted" is a status choice of the list too: those users are listed from their history. */
const STATUS_CHOICES = [...STATUSES, 'deleted'] as const;

/** /users: searchable, paged users with department and status filters; actions by right. */
export function UsersListPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const can = useCan();
  const me = useSelector(selectProfile);
  const [params, setParams] = useListParams(FILTERS);
  const { department, status } = params.filters;
  const showDeleted = status === 'deleted';
  const list = useListUsersQuery(
    {
      page: params.page,
      size: params.size,
      search: params.search,
      department_name: department,
      status: STATUSES.find((s) => s === status),
      sort: knownSort(params.sort, USER_SORTS),
    },
    { skip: showDeleted },
  );
  const { departments } = useDepartmentChoices('Users', 'LIST_VIEW');
  const deletion = useConfirmedDelete(useDeleteUserMutation(), (u: ManagedUser) =>
    t('deleted', { name: fullName(u) }),
  );

  // A department from the address may be one this person cannot pick; keep it visible.
  const departmentNames = departments.map((d) => d.name);
  if (department && !departmentNames.includes(department)) departmentNames.push(department);

  const add = can.route('addUser') && { to: links.add, text: t('add') };
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
        options={STATUS_CHOICES.map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
        onChange={(value) => setParams({ filters: { status: value } })}
      />
    </>
  );

  if (showDeleted)
    return (
      <DeletedUsersList
        links={links}
        params={params}
        setParams={setParams}
        filters={filters}
        add={add}
      />
    );
  return (
    <ListPage
      title={t('title')}
      add={add}
      columns={userColumns(t, can.route('viewUser') ? links.view : null)}
      sorts={USER_SORTS}
      query={list}
      rowKey={(u) => u.id}
      rowActions={editDeleteColumn(t, {
        name: fullName,
        editTo: can.route('editUser') && ((u) => links.edit(u.id)),
        onDelete: can.right('Users', 'DELETE') && deletion.ask,
        deletable: (u) => me?.id !== u.id,
      })}
      params={params}
      setParams={setParams}
      {...listTexts(t)}
      searchPlaceholder={t('searchPlaceholder')}
      filters={filters}
      deletion={{
        flow: deletion,
        ...deletionTexts(t),
        question: (u) => t('confirmDelete', { name: fullName(u), email: u.email }),
      }}
    />
  );
}
