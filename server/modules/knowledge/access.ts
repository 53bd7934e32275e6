/**
 * Department scoping of documents (SPEC §6 per department): a right counts in the departments
 * of the role assignments that grant it; the default administrator has it everywhere.
 */
import type { ActionName } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';

/** 'all' for the default administrator, else the department ids where the right is held. */
export function departmentsWith(subject: AccessSubject, action: ActionName): 'all' | number[] {
  if (subject.is_defaultadmin) return 'all';
  const ids = new Set<number>();
  for (const entry of subject.permissions)
    if (entry.actions.some((a) => a.module_name === 'Documents' && a[action]))
      ids.add(entry.department_id);
  return [...ids];
}

export function holdsIn(subject: AccessSubject, action: ActionName, departmentId: number): boolean {
  const scope = departmentsWith(subject, action);
  return scope === 'all' || scope.includes(departmentId);
}
