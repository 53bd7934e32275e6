/**
 * Users managed by administrators and permission-limited staff (SPEC §7 Users): paged
 * list, one user, create (the server mails an invitation with a set-password link), update,
 * delete, and the change history with restore.
 */
import { apiPaths } from '@contract/api-paths';
import type {
  UsersQuery,
  ManagedUser,
  Role,
  UserCreateInput,
  UserHistoryEntry,
  UserUpdateInput,
} from '@contract/identity';
import type { DeletedUser } from '@contract/deleted-users';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';
import { mailQuery } from '@/lib/mail-query';

interface UserPageArgs {
  page: number;
  size: number;
  search?: string;
  department_name?: string;
  status?: 'active' | 'disabled';
  sort?: UsersQuery['sort'];
}

const LIST = { type: 'User', id: 'LIST' } as const;
const DELETED = { type: 'User', id: 'DELETED' } as const;

/** What a changed user makes stale: the list, the user, its history and the counts of others. */
const userChanged = (id: number) => [
  LIST,
  { type: 'User' as const, id },
  { type: 'UserHistory' as const, id },
  'Department' as const,
  'Role' as const,
];

const itemsOf = <T>(answer: Paged<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.items);

const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<Paged<ManagedUser>, UserPageArgs>({
      query: ({ page, size, search, department_name, status, sort }) => ({
        url: apiPaths.users,
        query: {
          page,
          size,
          search: search || undefined,
          department_name: department_name || undefined,
          status,
          sort,
        },
      }),
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((u) => ({ type: 'User' as const, id: u.id })),
      ],
    }),
    getUser: build.query<ManagedUser, number>({
      query: (id) => apiPaths.userById(id),
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    createUser: build.mutation<ManagedUser, UserCreateInput>({
      query: (body) => ({
        url: apiPaths.users,
        method: 'POST',
        body,
        // The invitation's set-password link comes back to this console.
        query: { verify_page_link: window.location.origin },
      }),
      invalidatesTags: [LIST, 'Department', 'Role'],
    }),
    updateUser: build.mutation<ManagedUser, { id: number; body: UserUpdateInput }>({
      query: ({ id, body }) => ({ url: apiPaths.userUpdate(id), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => userChanged(id),
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPaths.userDelete(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        LIST,
        DELETED,
        { type: 'User', id },
        { type: 'UserHistory', id },
        'Department',
        'Role',
      ],
    }),
    listDeletedUsers: build.query<Paged<DeletedUser>, Omit<UserPageArgs, 'status' | 'sort'>>({
      query: ({ page, size, search, department_name }) => ({
        url: apiPaths.deletedUsers,
        query: {
          page,
          size,
          search: search || undefined,
          department_name: department_name || undefined,
        },
      }),
      providesTags: [DELETED],
    }),
    getDeletedUser: build.query<DeletedUser, number>({
      query: (id) => apiPaths.deletedUser(id),
      providesTags: [DELETED],
    }),
    /** Brings a deleted user back; the server mails them an invitation to choose a password. */
    restoreDeletedUser: build.mutation<ManagedUser, number>({
      query: (id) => ({
        url: apiPaths.deletedUserRestore(id),
        method: 'POST',
        query: mailQuery(),
      }),
      invalidatesTags: (_r, _e, id) => [DELETED, ...userChanged(id)],
    }),
    userHistory: build.query<UserHistoryEntry[], number>({
      query: (id) => apiPaths.userHistory(id),
      transformResponse: itemsOf<UserHistoryEntry>,
      providesTags: (_r, _e, id) => [{ type: 'UserHistory', id }],
    }),
    restoreUserVersion: build.mutation<ManagedUser, { id: number; entry: number }>({
      // Restoring a deleted user's version brings them back with an invitation, as above.
      query: ({ id, entry }) => ({
        url: apiPaths.userHistoryRestore(id, entry),
        method: 'POST',
        query: mailQuery(),
      }),
      invalidatesTags: (_r, _e, { id }) => userChanged(id),
    }),
    /** Roles to assign: GET /roles?type=all, scoped by the server to the caller's departments. */
    userRoleChoices: build.query<Role[], void>({
      query: () => ({ url: apiPaths.roles, query: { type: 'all' } }),
      transformResponse: itemsOf<Role>,
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useListDeletedUsersQuery,
  useGetDeletedUserQuery,
  useRestoreDeletedUserMutation,
  useUserHistoryQuery,
  useRestoreUserVersionMutation,
  useUserRoleChoicesQuery,
} = usersApi;
