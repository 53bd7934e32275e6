/**
 * view-user/{id} of a deleted user: who they were when deleted (names, e-mail, roles), when and by
 * whom they were deleted, Restore for whoever may delete users, and their history.
 */
import { CAlert, CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { DeletedUser } from '@contract/deleted-users';
import { DetailList, RecordWithHistory, SectionCard } from '@/components/record-details';
import { SoftBadge } from '@/components/soft-badge';
import { useCan } from '@/lib/session/use-can';
import { deletionText } from './deleted-users-list';
import { AssignmentBadges } from './user-badges';
import { UserHistory } from './user-history';
import { fullName } from './user-names';
import { useRestoreUser } from './use-restore-user';

export function DeletedUserDetails({ user }: { user: DeletedUser }) {
  const { t, i18n } = useTranslation('users');
  const canRestore = useCan().right('Users', 'DELETE');
  const { restore, busy } = useRestoreUser();
  const details = (
    <SectionCard heading={t('profileHeading')}>
      <CAlert color="warning" className="d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">
          {t('deletedNotice', { when: deletionText(t, user, i18n.language) })}{' '}
          {t(canRestore ? 'restoreExplained' : 'restoreNotAllowed')}
        </span>
        {canRestore && (
          <CButton color="primary" disabled={busy} onClick={() => void restore(user)}>
            {t('restore')}
          </CButton>
        )}
      </CAlert>
      <DetailList
        items={[
          [t('fields.name'), fullName(user)],
          [t('fields.username'), user.username],
          [t('fields.email'), user.email],
          [t('fields.status'), <SoftBadge tone="danger">{t('statuses.deleted')}</SoftBadge>],
          [
            t('fields.roles'),
            <AssignmentBadges
              assignments={user.assignments}
              isDefaultAdmin={user.is_defaultadmin}
            />,
          ],
          [t('fields.deletedAt'), deletionText(t, user, i18n.language)],
        ]}
      />
    </SectionCard>
  );
  return (
    <RecordWithHistory
      details={details}
      historyHeading={t('history.heading')}
      history={<UserHistory userId={user.id} canRestore={false} />}
    />
  );
}
