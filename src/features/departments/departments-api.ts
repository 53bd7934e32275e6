/**
 * Departments (SPEC §7 Departments; default administrators only). GET /departments/{id} is not in
 * SPEC §7; the server adds it so the shared form screen can read one department after a reload.
 */
import { apiPaths } from '@contract/api-paths';
import type { Department, DepartmentInput, DepartmentsQuery } from '@contract/identity';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

interface DepartmentPageArgs {
  page: number;
  size: number;
  search?: string;
  sort?: DepartmentsQuery['sort'];
}

const LIST = { type: 'Department', id: 'LIST' } as const;

const departmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDepartments: build.query<Paged<Department>, DepartmentPageArgs>({
      query: ({ page, size, search, sort }) => ({
        url: apiPaths.departments,
        query: { type: 'paginated', page, size, search: search || undefined, sort },
      }),
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((d) => ({ type: 'Department' as const, id: d.id })),
      ],
    }),
    getDepartment: build.query<Department, number>({
      query: (id) => apiPaths.department(id),
      providesTags: (_r, _e, id) => [{ type: 'Department', id }],
    }),
    createDepartment: build.mutation<Department, DepartmentInput>({
      query: (body) => ({ url: apiPaths.departments, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateDepartment: build.mutation<Department, { id: number; body: DepartmentInput }>({
      query: ({ id, body }) => ({ url: apiPaths.department(id), method: 'PUT', body }),
      // Users and roles show department names.
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Department', id }, 'User', 'Role'],
    }),
    deleteDepartment: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPaths.departmentDelete(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Department', id }],
    }),
  }),
});

export const {
  useListDepartmentsQuery,
  useGetDepartmentQuery,
  useCreateDepartmentMutation,
  useUpdateDepartmentMutation,
  useDeleteDepartmentMutation,
} = departmentsApi;
