/**
 * The departments a role may be placed in or filtered by: every department for default admins
 * (GET /departments is theirs only), otherwise those where the person holds the given Roles right.
 */
import { useSelector } from 'react-redux';
import type { ActionName } from '@contract/permissions';
import { departmentsWithRight, type DepartmentRef } from '@/lib/session/assignable';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useRoleDepartmentChoicesQuery } from './roles-api';

export function useRoleDepartments(action: ActionName): {
  departments: DepartmentRef[];
  isAdmin: boolean;
  isLoading: boolean;
} {
  const subject = useSelector(selectAccessSubject);
  const isAdmin = subject?.is_defaultadmin ?? false;
  const all = useRoleDepartmentChoicesQuery(undefined, { skip: !isAdmin });
  if (isAdmin)
    return {
      departments: (all.data ?? []).map(({ id, name }) => ({ id, name })),
      isAdmin,
      isLoading: all.isLoading,
    };
  return {
    departments: subject ? departmentsWithRight(subject, 'Roles', action) : [],
    isAdmin,
    isLoading: false,
  };
}
