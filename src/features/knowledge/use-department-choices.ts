import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { ActionName } from '@contract/permissions';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { documentDepartments, mergeChoices, type DepartmentChoice } from './knowledge-access';
import { useAllDepartmentChoicesQuery } from './knowledge-api';

/**
 * The departments a person may pick for Documents.<action>: those of their role assignments
 * holding that right (from the profile in the session); the default administrator gets every
 * department.
 */
export function useDepartmentChoices(action: ActionName): {
  choices: DepartmentChoice[];
  loading: boolean;
} {
  const subject = useSelector(selectAccessSubject);
  const isAdmin = subject?.is_defaultadmin ?? false;
  const all = useAllDepartmentChoicesQuery(undefined, { skip: !isAdmin });
  const choices = useMemo(
    () => mergeChoices(documentDepartments(subject, action), isAdmin ? all.data : undefined),
    [subject, action, isAdmin, all.data],
  );
  return { choices, loading: isAdmin && all.isLoading };
}
