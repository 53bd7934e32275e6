/**
 * Department choices, one endpoint and one hook for every form and filter: the departments a
 * person may pick for module.action. A default administrator gets every department (GET
 * /departments?type=all, theirs only); anyone else those of contract's departmentScope, named
 * from the profile in the session. The server decides; this only keeps forms from offering
 * choices it would refuse.
 */
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { departmentScope } from '@contract/access';
import { apiPaths } from '@contract/api-paths';
import type { Department } from '@contract/identity';
import type { Paged } from '@contract/paging';
import type { ActionName, ModuleName } from '@contract/permissions';
import type { AccessSubject } from '@contract/profile';
import { api } from '@/lib/api';
import type { DepartmentRef } from './assignable';
import { selectAccessSubject } from './session-slice';

const byName = (a: DepartmentRef, b: DepartmentRef) => a.name.localeCompare(b.name);

const departmentChoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    departmentChoices: build.query<DepartmentRef[], void>({
      query: () => ({ url: apiPaths.departments, query: { type: 'all' } }),
      transformResponse: (answer: Paged<Department> | Department[]) =>
        (Array.isArray(answer) ? answer : answer.items).map(({ id, name }) => ({ id, name })),
      providesTags: [{ type: 'Department', id: 'LIST' }],
    }),
  }),
});

/** The departments where the subject holds module.action, by name (none for nobody). */
export function heldDepartments(
  subject: AccessSubject | null,
  module: ModuleName,
  action: ActionName,
): DepartmentRef[] {
  if (!subject) return [];
  const scope = departmentScope(subject, module, action);
  if (scope === 'all') return [];
  const names = new Map(subject.permissions.map((p) => [p.department_id, p.department_name]));
  return scope.map((id) => ({ id, name: names.get(id) ?? '' })).sort(byName);
}

export function useDepartmentChoices(module: ModuleName, action: ActionName) {
  const subject = useSelector(selectAccessSubject);
  const isAdmin = subject?.is_defaultadmin ?? false;
  const all = departmentChoicesApi.useDepartmentChoicesQuery(undefined, { skip: !isAdmin });
  const departments = useMemo(
    () => (isAdmin ? [...(all.data ?? [])].sort(byName) : heldDepartments(subject, module, action)),
    [isAdmin, all.data, subject, module, action],
  );
  return { departments, isAdmin, isLoading: isAdmin && all.isLoading };
}
