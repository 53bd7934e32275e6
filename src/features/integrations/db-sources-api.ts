/** Database sources (SPEC §7 Database sources): `integration_id` in the query string. */
import {
  dbSourceRoutes,
  type DbQueryInput,
  type DbQueryResult,
  type DbSource,
  type DbSourceCreate,
  type DbSourceUpdate,
  type DbTable,
  type DbTestResult,
} from '@contract/db-sources';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

interface DbSourcePageArgs {
  page: number;
  size: number;
  search?: string;
}

const LIST = { type: 'DbSource', id: 'LIST' } as const;
const one = (id: number) => ({ type: 'DbSource' as const, id });

const dbSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDbSources: build.query<Paged<DbSource>, DbSourcePageArgs>({
      query: ({ page, size, search }) => ({
        url: dbSourceRoutes.dbSources,
        query: { page, size, search: search || undefined },
      }),
      providesTags: (result) => [LIST, ...(result?.items ?? []).map((s) => one(s.id))],
    }),
    getDbSource: build.query<DbSource, number>({
      query: (id) => ({ url: dbSourceRoutes.dbSources, query: { integration_id: id } }),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    dbTypes: build.query<{ key: DbSource['db_type']; label: string }[], void>({
      query: () => dbSourceRoutes.dbSourceTypes,
    }),
    createDbSource: build.mutation<DbSource, DbSourceCreate>({
      query: (body) => ({ url: dbSourceRoutes.dbSources, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    /** With `id`, the stored password is used when none is typed (for the stored destination only). */
    testDbSource: build.mutation<DbTestResult, { id?: number; body: DbSourceCreate }>({
      query: ({ id, body }) => ({
        url: dbSourceRoutes.dbSourceTest,
        method: 'POST',
        query: { integration_id: id },
        body,
      }),
    }),
    updateDbSource: build.mutation<DbSource, { id: number; body: DbSourceUpdate }>({
      query: ({ id, body }) => ({
        url: dbSourceRoutes.dbSources,
        method: 'PUT',
        query: { integration_id: id },
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, one(id)],
    }),
    deleteDbSources: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({
        url: dbSourceRoutes.dbSources,
        method: 'DELETE',
        body: { integration_ids: ids },
      }),
      invalidatesTags: (_r, _e, ids) => [LIST, ...ids.map(one)],
    }),
    dbTables: build.query<{ tables: DbTable[] }, number>({
      query: (id) => ({ url: dbSourceRoutes.dbSourceTables, query: { integration_id: id } }),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    runDbQuery: build.mutation<DbQueryResult, { id: number; body: DbQueryInput }>({
      query: ({ id, body }) => ({
        url: dbSourceRoutes.dbSourceQuery,
        method: 'POST',
        query: { integration_id: id, svg: 'true' },
        body,
      }),
    }),
  }),
});

export const {
  useListDbSourcesQuery,
  useGetDbSourceQuery,
  useDbTypesQuery,
  useCreateDbSourceMutation,
  useTestDbSourceMutation,
  useUpdateDbSourceMutation,
  useDeleteDbSourcesMutation,
  useDbTablesQuery,
  useRunDbQueryMutation,
} = dbSourcesApi;
