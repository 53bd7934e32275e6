/** The columns of the users list: name (linking to the user when they may be viewed), e-mail, status, roles. */
import { Link } from 'react-router-dom';
import type { ManagedUser } from '@contract/identity';
import type { DataColumn } from '@/components/data-table';
import type { Translate } from '@/lib/error-text';
import { AssignmentBadges, UserStatusBadge } from './user-badges';
import { fullName } from './user-names';

export function userColumns(
  t: Translate,
  viewLink: ((id: number) => string) | null,
): DataColumn<ManagedUser>[] {
  return [
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      cell: (u) => (
        <>
          {viewLink ? <Link to={viewLink(u.id)}>{fullName(u)}</Link> : fullName(u)}
          <div className="small text-body-secondary fw-normal">{u.username}</div>
        </>
      ),
    },
    { key: 'email', header: t('fields.email'), cell: (u) => u.email },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (u) => <UserStatusBadge status={u.status} />,
    },
    {
      key: 'roles',
      header: t('fields.roles'),
      cell: (u) => (
        <AssignmentBadges assignments={u.assignments} isDefaultAdmin={u.is_defaultadmin} />
      ),
    },
  ];
}
