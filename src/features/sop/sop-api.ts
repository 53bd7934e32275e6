/**
 * The SOP repository's calls (SPEC §7 SOP; issue 15). The lists and records go through RTK
 * Query; uploads (with progress), pdf views and exports go through lib/http directly, since
 * they send files or read blobs.
 */
import type { Paged } from '@contract/paging';
import {
  sopRoutes,
  type Checklist,
  type ChecklistData,
  type ChecklistSummary,
  type ChecklistVersion,
  type GenerateChecklist,
  type SopDocument,
  type SopFile,
} from '@contract/sop';
import { fillRoute } from '@contract/api-paths';
import { api } from '@/lib/api';
import { toApiErrorData } from '@/lib/http';
import type { ThunkExtra } from '@/lib/store-types';
import { checklistService } from './checklist-service';

export const sopPath = (pattern: string, values: Record<string, string | number> = {}) =>
  fillRoute(pattern, values);

type Query = Record<string, string | number | undefined>;
const DOCS = { type: 'SopDocument', id: 'LIST' } as const;
const CHECKLISTS = { type: 'Checklist', id: 'LIST' } as const;

const sopApi = api.enhanceEndpoints({ addTagTypes: ['SopDocument', 'Checklist'] }).injectEndpoints({
  endpoints: (build) => ({
    listSopDocuments: build.query<Paged<SopDocument>, Query>({
      query: (query) => ({ url: sopRoutes.documents, query }),
      providesTags: [DOCS],
    }),
    listArchivedSop: build.query<Paged<SopDocument>, Query>({
      query: (query) => ({ url: sopRoutes.archived, query }),
      providesTags: [DOCS],
    }),
    sopClients: build.query<{ items: { id: number; name: string }[] }, void>({
      query: () => sopRoutes.clients,
      providesTags: [DOCS],
    }),
    addSopClient: build.mutation<{ id: number; name: string }, string>({
      query: (name) => ({
        url: sopPath(sopRoutes.clientAdd, { first_name: name }),
        method: 'POST',
      }),
      invalidatesTags: [DOCS],
    }),
    /** The departments an SOP may go to (where the caller holds Sop.ADD). */
    sopDepartments: build.query<{ items: { id: number; name: string }[] }, void>({
      query: () => sopRoutes.departments,
    }),
    sopNames: build.query<{ items: string[] }, 'products' | 'industries'>({
      query: (which) => sopRoutes[which],
    }),
    sopCountries: build.query<{ items: { code: string; name: string }[] }, string>({
      query: (lng) => ({ url: sopRoutes.countries, query: { lng } }),
    }),
    archiveSop: build.mutation<unknown, { ids: number[]; comments: string }>({
      query: ({ ids, comments }) => ({
        url: sopRoutes.documents,
        method: 'DELETE',
        body: { document_ids: ids, comments },
      }),
      invalidatesTags: [DOCS],
    }),
    unarchiveSop: build.mutation<unknown, number>({
      query: (id) => ({ url: sopPath(sopRoutes.unarchive, { id }), method: 'PUT' }),
      invalidatesTags: [DOCS],
    }),
    deleteArchivedSop: build.mutation<unknown, number[]>({
      query: (ids) => ({
        url: sopRoutes.archivedDelete,
        method: 'DELETE',
        body: { document_ids: ids },
      }),
      invalidatesTags: [DOCS],
    }),
    removeSopReferences: build.mutation<unknown, number[]>({
      query: (ids) => ({
        url: sopRoutes.references,
        method: 'DELETE',
        body: { reference_ids: ids },
      }),
      invalidatesTags: [DOCS],
    }),
    listChecklists: build.query<Paged<ChecklistSummary>, Query>({
      query: (query) => ({ url: sopRoutes.checklists, query }),
      providesTags: [CHECKLISTS],
    }),
    getChecklist: build.query<Checklist, number>({
      query: (id) => sopPath(sopRoutes.checklist, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Checklist', id }],
    }),
    checklistVersions: build.query<{ items: ChecklistVersion[] }, number>({
      query: (id) => sopPath(sopRoutes.checklistVersions, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Checklist', id }],
    }),
    /** The reference files of the SOP a checklist was generated from. */
    checklistReferences: build.query<{ items: SopFile[] }, number>({
      query: (id) => sopPath(sopRoutes.checklistReferences, { id }),
      providesTags: [DOCS],
    }),
    generateChecklist: build.mutation<Checklist, GenerateChecklist>({
      query: (body) => ({ url: sopRoutes.checklists, method: 'POST', body }),
      invalidatesTags: [CHECKLISTS],
    }),
    deleteChecklists: build.mutation<unknown, number[]>({
      query: (ids) => ({
        url: sopRoutes.checklists,
        method: 'DELETE',
        body: { document_ids: ids },
      }),
      invalidatesTags: [CHECKLISTS],
    }),
    /** POST /sop/save_checklist, at the checklist service's address. */
    saveChecklist: build.mutation<Checklist, { id: number; data: ChecklistData }>({
      async queryFn({ id, data }, { extra }) {
        try {
          const client = await checklistService((extra as ThunkExtra).http);
          const saved = await client.request<Checklist>(sopRoutes.saveChecklist, {
            method: 'POST',
            body: { checklist_id: id, checklist_data: data },
          });
          return { data: saved };
        } catch (error) {
          return { error: toApiErrorData(error) };
        }
      },
      invalidatesTags: (_r, _e, { id }) => [CHECKLISTS, { type: 'Checklist', id }],
    }),
  }),
});

export const {
  useListSopDocumentsQuery,
  useListArchivedSopQuery,
  useSopClientsQuery,
  useAddSopClientMutation,
  useSopNamesQuery,
  useSopDepartmentsQuery,
  useSopCountriesQuery,
  useArchiveSopMutation,
  useUnarchiveSopMutation,
  useDeleteArchivedSopMutation,
  useRemoveSopReferencesMutation,
  useListChecklistsQuery,
  useGetChecklistQuery,
  useChecklistVersionsQuery,
  useChecklistReferencesQuery,
  useGenerateChecklistMutation,
  useDeleteChecklistsMutation,
  useSaveChecklistMutation,
} = sopApi;
