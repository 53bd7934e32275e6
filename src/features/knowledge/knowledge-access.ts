/**
 * Documents rights per department (SPEC §6, issue 5: department scoping). The server decides;
 * these keep the screens from offering what it would refuse.
 */
import type { ActionName } from '@contract/permissions';
import type { AccessSubject } from '@contract/profile';

export interface DepartmentChoice {
  id: number;
  name: string;
}

/** Departments in which the person holds Documents.<action>, sorted by name. */
export function documentDepartments(
  subject: AccessSubject | null,
  action: ActionName,
): DepartmentChoice[] {
  const found = new Map<number, string>();
  for (const entry of subject?.permissions ?? [])
    if (entry.actions.some((a) => a.module_name === 'Documents' && a[action]))
      found.set(entry.department_id, entry.department_name);
  return [...found].map(([id, name]) => ({ id, name })).sort(byName);
}

/** Whether the person may do Documents.<action> to a document of `departmentId`. */
export function canInDepartment(
  subject: AccessSubject | null,
  action: ActionName,
  departmentId: number,
): boolean {
  if (!subject) return false;
  if (subject.is_defaultadmin) return true;
  return subject.permissions.some(
    (entry) =>
      entry.department_id === departmentId &&
      entry.actions.some((a) => a.module_name === 'Documents' && a[action]),
  );
}

export function byName(a: DepartmentChoice, b: DepartmentChoice): number {
  return a.name.localeCompare(b.name);
}

/** Own departments plus, for the default administrator, every other one (no duplicates). */
export function mergeChoices(
  own: DepartmentChoice[],
  extra: DepartmentChoice[] | undefined,
): DepartmentChoice[] {
  const byId = new Map(own.map((d) => [d.id, d]));
  for (const d of extra ?? []) if (!byId.has(d.id)) byId.set(d.id, d);
  return [...byId.values()].sort(byName);
}
