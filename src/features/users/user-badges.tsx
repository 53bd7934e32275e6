import { SoftBadge } from '@/components/soft-badge';
import { useTranslation } from 'react-i18next';
import type { Assignment, ManagedUser } from '@contract/identity';

/** Active or disabled, in words and colour (the colour is never the only signal). */
export function UserStatusBadge({ status }: { status: ManagedUser['status'] }) {
  const { t } = useTranslation('users');
  return (
    <SoftBadge tone={status === 'active' ? 'success' : 'secondary'}>
      {t(`statuses.${status}`)}
    </SoftBadge>
  );
}

/** "Role · Department" for each assignment, and the default-admin mark. */
export function AssignmentBadges({
  assignments,
  isDefaultAdmin,
}: {
  assignments: readonly Assignment[];
  isDefaultAdmin: boolean;
}) {
  const { t } = useTranslation('users');
  if (assignments.length === 0 && !isDefaultAdmin)
    return <span className="text-body-secondary">{t('noRoles')}</span>;
  return (
    <ul className="list-unstyled mb-0 d-flex flex-wrap gap-1">
      {isDefaultAdmin && (
        <li>
          <SoftBadge tone="primary">{t('defaultAdmin')}</SoftBadge>
        </li>
      )}
      {assignments.map((a) => (
        <li key={`${a.department_id}:${a.role_id}`}>
          <SoftBadge tone="secondary">
            {t('assignmentLabel', { role: a.role_name, department: a.department_name })}
          </SoftBadge>
        </li>
      ))}
    </ul>
  );
}
