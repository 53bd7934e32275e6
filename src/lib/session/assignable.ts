/**
 * What a permission-limited person may hand out (no privilege escalation). The server
 * decides; these only keep the forms from offering choices it would refuse. Default admins may do
 * everything, so callers check `is_defaultadmin` first.
 */
import { ACTIONS, permissionId } from '@contract/permissions';
import type { AccessSubject } from '@contract/profile';

export interface DepartmentRef {
  id: number;
  name: string;
}

/**
 * The permission ids the person holds (in `departmentId` when given, else in any department):
 * the rights they may grant to a role.
 */
export function heldPermissionIds(
  subject: AccessSubject,
  departmentId: number | null = null,
): Set<number> {
  const held = new Set<number>();
  for (const entry of subject.permissions) {
    if (departmentId !== null && entry.department_id !== departmentId) continue;
    for (const a of entry.actions)
      for (const action of ACTIONS) if (a[action]) held.add(permissionId(a.module_name, action));
  }
  return held;
}
