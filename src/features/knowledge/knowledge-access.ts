/**
 * Documents rights per department (SPEC §6). The server decides;
 * these keep the screens from offering what it would refuse.
 */
import { departmentScope, inScope } from '@contract/access';
import type { ActionName } from '@contract/permissions';
import type { AccessSubject } from '@contract/profile';

export interface DepartmentChoice {
  id: number;
  name: string;
}

/** Whether the person may do Documents.<action> to a document of `departmentId`. */
export function canInDepartment(
  subject: AccessSubject | null,
  action: ActionName,
  departmentId: number,
): boolean {
  return subject ? inScope(departmentScope(subject, 'Documents', action), departmentId) : false;
}
