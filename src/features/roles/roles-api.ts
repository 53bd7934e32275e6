/**
 * Roles and their permission sets (SPEC §7 Roles). Lists use the paged shape; the
 * "grants" filter reads GET /roles/types/{module}/action/{action}, which pages like GET /roles.
 */
import { apiPaths } from '@contract/api-paths';
import type { Role, RoleHistoryEntry, RoleInput, RolesQuery } from '@contract/identity';
import type { Paged } from '@contract/paging';
import type { ActionName, ModuleName } from '@contract/permissions';
import { api } from '@/lib/api';

interface RolePageArgs {
  page: number;
  size: number;
  search?: string;
  department_id?: number;
  sort?: RolesQuery['sort'];
}

const LIST = { type: 'Role', id: 'LIST' } as const;

const itemsOf = <T>(answer: Paged<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.items);

const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRoles: build.query<Paged<Role>, RolePageArgs>({
      query: ({ page, size, search, department_id, sort }) => ({
        url: apiPaths.roles,
        query: { type: 'paginated', page, size, search: search || undefined, department_id, sort },
      }),
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((r) => ({ type: 'Role' as const, id: r.id })),
      ],
    }),
    /** The same list, narrowed to roles whose set grants `module` the `action`. */
    rolesGranting: build.query<
      Paged<Role>,
      RolePageArgs & { module: ModuleName; action: ActionName }
    >({
      query: ({ module, action, page, size, search, department_id, sort }) => ({
        url: apiPaths.rolesByAction(module, action),
        query: { type: 'paginated', page, size, search: search || undefined, department_id, sort },
      }),
      providesTags: [LIST],
    }),
    getRole: build.query<Role, number>({
      query: (id) => apiPaths.role(id),
      providesTags: (_r, _e, id) => [{ type: 'Role', id }],
    }),
    createRole: build.mutation<Role, RoleInput>({
      query: (body) => ({ url: apiPaths.roles, method: 'POST', body }),
      invalidatesTags: [LIST, 'Department'],
    }),
    updateRole: build.mutation<Role, { id: number; body: RoleInput }>({
      query: ({ id, body }) => ({ url: apiPaths.role(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [
        LIST,
        { type: 'Role', id },
        { type: 'RoleHistory', id },
        'Department',
        'User',
      ],
    }),
    /** Not in SPEC §7; the server refuses (409 ROLE_IN_USE) while users hold the role. */
    deleteRole: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPaths.role(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Role', id }, 'Department'],
    }),
    roleHistory: build.query<RoleHistoryEntry[], number>({
      query: (id) => apiPaths.roleHistory(id),
      transformResponse: itemsOf<RoleHistoryEntry>,
      providesTags: (_r, _e, id) => [{ type: 'RoleHistory', id }],
    }),
    restoreRoleVersion: build.mutation<Role, { id: number; entry: number }>({
      query: ({ id, entry }) => ({ url: apiPaths.roleHistoryRestore(id, entry), method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [
        LIST,
        { type: 'Role', id },
        { type: 'RoleHistory', id },
        'User',
      ],
    }),
  }),
});

export const {
  useListRolesQuery,
  useRolesGrantingQuery,
  useGetRoleQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useRoleHistoryQuery,
  useRestoreRoleVersionMutation,
} = rolesApi;
