/**
 * The departments a person may pick for users: every department for default admins (GET
 * /departments is theirs only), otherwise those where they hold the given Users right.
 */
import { useSelector } from 'react-redux';
import type { ActionName } from '@contract/permissions';
import { departmentsWithRight, type DepartmentRef } from '@/lib/session/assignable';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useUserDepartmentChoicesQuery } from './users-api';

export function useUserDepartments(action: ActionName): {
  departments: DepartmentRef[];
  isAdmin: boolean;
} {
  const subject = useSelector(selectAccessSubject);
  const isAdmin = subject?.is_defaultadmin ?? false;
  const all = useUserDepartmentChoicesQuery(undefined, { skip: !isAdmin });
  if (isAdmin)
    return { departments: (all.data ?? []).map(({ id, name }) => ({ id, name })), isAdmin };
  return { departments: subject ? departmentsWithRight(subject, 'Users', action) : [], isAdmin };
}
