/**
 * The departments a person may ask about: those where a role assignment grants
 * Query.QUERY_DOCUMENT (issue 6 rules). The server applies the same scope to every answer.
 */
import type { AccessSubject } from '@contract/profile';

export interface DepartmentChoice {
  id: number;
  name: string;
}

export function queryDepartments(subject: AccessSubject | null): DepartmentChoice[] {
  const found = new Map<number, string>();
  for (const entry of subject?.permissions ?? [])
    if (entry.actions.some((a) => a.module_name === 'Query' && a.QUERY_DOCUMENT))
      found.set(entry.department_id, entry.department_name);
  return [...found]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
