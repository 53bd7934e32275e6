/**
 * Repository reads and writes (SPEC §7 Documents and uploads) as RTK Query endpoints. Uploads with
 * progress are not here: they are a multi-step flow in upload-slice.ts.
 */
import { apiPaths } from '@contract/api-paths';
import type { DocumentsQuery, KnowledgeDocument } from '@contract/knowledge';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

/** Tag types of this feature, added to the shared api when this chunk loads. */
const DOCUMENT = 'KnowledgeDocument' as const;
const LIST = { type: DOCUMENT, id: 'LIST' } as const;

/** documentsQuerySchema as the SPA sends it (the schema's input coerces from text). */
export interface DocumentsArgs {
  page: number;
  size: number;
  search?: string;
  department_id?: number;
  is_url?: NonNullable<DocumentsQuery['is_url']>;
  soft_delete?: NonNullable<DocumentsQuery['soft_delete']>;
  sort?: DocumentsQuery['sort'];
  /** The pages of this sitemap (without it the list shows sitemaps, not their pages). */
  parent_id?: number;
}

export const knowledgeApi = api.enhanceEndpoints({ addTagTypes: [DOCUMENT] }).injectEndpoints({
  endpoints: (build) => ({
    listDocuments: build.query<Paged<KnowledgeDocument>, DocumentsArgs>({
      query: (args) => ({ url: apiPaths.documents, query: { ...args } }),
      providesTags: (result) => [
        LIST,
        ...(result?.items ?? []).map((d) => ({ type: DOCUMENT, id: d.id })),
      ],
    }),
    /** Flips soft_delete on each id (SPEC §4): into the recycle bin, or back out of it. */
    getDocument: build.query<KnowledgeDocument, number>({
      query: (id) => apiPaths.document(id),
      providesTags: (_result, _error, id) => [{ type: DOCUMENT, id }],
    }),
    toggleSoftDelete: build.mutation<unknown, number[]>({
      query: (ids) => ({ url: apiPaths.softDelete, method: 'PUT', body: { doc_ids: ids } }),
      invalidatesTags: [LIST],
    }),
    /** Removes documents with their files, chunks and index entries (a sitemap's pages too). */
    deleteDocuments: build.mutation<{ deleted?: number }, number[]>({
      query: (ids) => ({ url: apiPaths.deleteDocuments, method: 'POST', body: { ids } }),
      invalidatesTags: [LIST],
    }),
    /** Fetches a web address (or every page of a sitemap) again. */
    resyncDocument: build.mutation<unknown, number>({
      query: (id) => ({ url: apiPaths.resyncDocument(id), method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: DOCUMENT, id }],
    }),
  }),
});

export const {
  useListDocumentsQuery,
  useGetDocumentQuery,
  useToggleSoftDeleteMutation,
  useDeleteDocumentsMutation,
  useResyncDocumentMutation,
} = knowledgeApi;

/** After an upload, lists show the new documents without waiting for the cache to expire. */
export const documentsChanged = () => knowledgeApi.util.invalidateTags([LIST]);
