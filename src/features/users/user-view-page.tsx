import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@contract/identity';
import {
  DetailList,
  RecordWithHistory,
  SectionCard,
  useAuthorship,
} from '@/components/record-details';
import { RecordPage, useRecordId } from '@/components/record-page';
import { SoftBadge } from '@/components/soft-badge';
import { toApiErrorData } from '@/lib/http';
import { useCan } from '@/lib/session/use-can';
import { DeletedUserDetails } from './deleted-user-details';
import { AssignmentBadges, UserStatusBadge } from './user-badges';
import { UserHistory } from './user-history';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import { useGetDeletedUserQuery, useGetUserQuery } from './users-api';

/** view-user/{id}: the user's profile, role assignments and change history (SPEC §2). */
export function UserViewPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const { id, valid } = useRecordId();
  const user = useGetUserQuery(id, { skip: !valid });
  // A user who is not there may have been deleted: then their page says so and offers Restore.
  const missing = user.error !== undefined && toApiErrorData(user.error).status === 404;
  const deleted = useGetDeletedUserQuery(id, { skip: !valid || !missing });
  if (missing && (deleted.data || deleted.isLoading))
    return (
      <RecordPage
        query={deleted}
        valid={valid}
        title={(u) => (u ? t('viewTitleNamed', { name: fullName(u) }) : t('viewTitle'))}
        listPath={links.list}
        texts={{ invalid: t('chooseUser'), notFound: t('notFound'), backToList: t('backToList') }}
      >
        {(data) => <DeletedUserDetails user={data} />}
      </RecordPage>
    );
  return (
    <RecordPage
      query={user}
      valid={valid}
      title={(u) => (u ? t('viewTitleNamed', { name: fullName(u) }) : t('viewTitle'))}
      listPath={links.list}
      texts={{ invalid: t('chooseUser'), notFound: t('notFound'), backToList: t('backToList') }}
    >
      {(data) => <UserDetails user={data} links={links} />}
    </RecordPage>
  );
}

function UserDetails({ user, links }: { user: ManagedUser; links: UserLinks }) {
  const { t } = useTranslation('users');
  const canUpdate = useCan().route('editUser');
  const by = useAuthorship();
  const details = (
    <SectionCard
      heading={t('profileHeading')}
      action={canUpdate && { to: links.edit(user.id), text: t('edit') }}
    >
      <DetailList
        items={[
          [t('fields.name'), fullName(user)],
          [t('fields.username'), user.username],
          [
            t('fields.email'),
            <>
              {user.email}{' '}
              <SoftBadge tone={user.is_verified ? 'success' : 'warning'}>
                {t(user.is_verified ? 'verified' : 'notVerified')}
              </SoftBadge>
            </>,
          ],
          [t('fields.status'), <UserStatusBadge status={user.status} />],
          [
            t('fields.roles'),
            <AssignmentBadges
              assignments={user.assignments}
              isDefaultAdmin={user.is_defaultadmin}
            />,
          ],
          [t('fields.createdAt'), by(user.created_by, user.created_at)],
          [t('fields.updatedAt'), by(user.updated_by, user.updated_at)],
        ]}
      />
    </SectionCard>
  );
  return (
    <RecordWithHistory
      details={details}
      historyHeading={t('history.heading')}
      history={<UserHistory userId={user.id} canRestore={canUpdate} />}
    />
  );
}
