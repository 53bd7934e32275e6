/**
 * The users list under the status "Deleted": who was deleted, with their roles then, when and by
 * whom, and Restore for whoever may delete users (the server's rule: who may delete may restore).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DeletedUser } from '@contract/deleted-users';
import { CButton } from '@coreui/react';
import type { DataColumn } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { formatDateTime } from '@/lib/dates';
import type { Translate } from '@/lib/error-text';
import type { ListChange, ListParams } from '@/lib/use-list-params';
import { useCan } from '@/lib/session/use-can';
import { AssignmentBadges } from './user-badges';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useListDeletedUsersQuery } from './users-api';
import { useRestoreUser } from './use-restore-user';

type Filter = 'department' | 'status';

interface DeletedUsersListProps {
  links: UserLinks;
  params: ListParams<Filter>;
  setParams: (change: ListChange<Filter>) => void;
  filters: ReactNode;
  add: { to: string; text: string } | false;
}

/** "28/11/2026, 3:04 PM by Ada Lovelace", or the time alone when nobody is recorded. */
export function deletionText(t: Translate, user: DeletedUser, locale: string): string {
  const when = formatDateTime(user.deleted_at, { locale });
  return user.deleted_by?.name
    ? t('users:deletedWhenBy', { when, name: user.deleted_by.name })
    : when;
}

export function DeletedUsersList({
  links,
  params,
  setParams,
  filters,
  add,
}: DeletedUsersListProps) {
  const { t, i18n } = useTranslation(['users', 'errors']);
  const can = useCan();
  const { restore, busy } = useRestoreUser();
  const list = useListDeletedUsersQuery({
    page: params.page,
    size: params.size,
    search: params.search,
    department_name: params.filters.department,
  });
  const columns: DataColumn<DeletedUser>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (u) => (
        <>
          {can.route('viewUser') ? <Link to={links.view(u.id)}>{fullName(u)}</Link> : fullName(u)}
          <div className="small text-body-secondary fw-normal">{u.username}</div>
        </>
      ),
    },
    { key: 'email', header: t('fields.email'), cell: (u) => u.email },
    {
      key: 'roles',
      header: t('fields.roles'),
      cell: (u) => (
        <AssignmentBadges assignments={u.assignments} isDefaultAdmin={u.is_defaultadmin} />
      ),
    },
    {
      key: 'deleted',
      header: t('fields.deletedAt'),
      cell: (u) => deletionText(t, u, i18n.language),
    },
  ];
  return (
    <ListPage
      title={t('title')}
      caption={t('deletedCaption')}
      add={add}
      columns={columns}
      query={list}
      rowKey={(u) => u.id}
      rowActions={
        can.right('Users', 'DELETE')
          ? {
              label: t('actions'),
              render: (u) => (
                <CButton
                  size="sm"
                  color="primary"
                  variant="outline"
                  disabled={busy}
                  aria-label={t('restoreNamed', { name: fullName(u) })}
                  onClick={() => void restore(u)}
                >
                  {t('restore')}
                </CButton>
              ),
            }
          : undefined
      }
      params={params}
      setParams={setParams}
      searchLabel={t('search')}
      searchPlaceholder={t('searchPlaceholder')}
      // The status filter is this view itself; only a search or a department narrows it.
      empty={t(params.search || params.filters.department ? 'noMatchesDeleted' : 'emptyDeleted')}
      pagerLabel={t('pages')}
      filters={filters}
    />
  );
}
