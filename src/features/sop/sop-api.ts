/**
 * The SOP repository's calls (SPEC §7 SOP). Files too: uploads report their progress through
 * the base query's multipart path; a pdf to view comes back as an object URL and an export is
 * saved by the browser, so no blob ever reaches the store.
 */
import type { Paged } from '@contract/paging';
import {
  sopRoutes,
  type Checklist,
  type ChecklistData,
  type ChecklistSummary,
  type ChecklistVersion,
  type ExportType,
  type GenerateChecklist,
  type SopDetails,
  type SopDocument,
  type SopFile,
} from '@contract/sop';
import { fillRoute } from '@contract/api-paths';
import { api } from '@/lib/api';
import { toApiErrorData } from '@/lib/http';
import { consoleLanguage } from '@/lib/console-language';
import { saveBlob } from '@/lib/save-blob';
import type { ThunkExtra } from '@/lib/store-types';
import { checklistService } from './checklist-service';

const sopPath = (pattern: string, values: Record<string, string | number> = {}) =>
  fillRoute(pattern, values);

type Query = Record<string, string | number | undefined>;
const DOCS = { type: 'SopDocument', id: 'LIST' } as const;
const CHECKLISTS = { type: 'Checklist', id: 'LIST' } as const;

/** A stored SOP (a version of it, at a page) or a reference file, to be viewed as pdf. */
export type SopPdfRef =
  { documentId: number; page?: number | null; version?: number } | { referenceId: number };

/** Files to send, each under its form field, and the progress of the whole send (0-100). */
interface FileSend {
  files: { field: string; file: File }[];
  onProgress: (percent: number) => void;
}

/** Fields first, then files: the server reads the fields before it streams the files. */
function multipart(fields: Record<string, string>, files: FileSend['files']): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, file } of files) form.append(field, file, file.name);
  return form;
}

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
    /** The SOP's name and what its upload set (PUT /sop/documents/{id}/details). */
    editSopDetails: build.mutation<SopDocument, { id: number; details: SopDetails }>({
      query: ({ id, details }) => ({
        url: sopPath(sopRoutes.documentDetails, { id }),
        method: 'PUT',
        body: details,
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
    /** POST /sop/documents: SOP files and their reference files. */
    uploadSopDocuments: build.mutation<unknown, FileSend & { fields: Record<string, string> }>({
      query: ({ fields, files, onProgress }) => ({
        url: sopRoutes.documents,
        method: 'POST',
        body: multipart(fields, files),
        onUploadProgress: onProgress,
      }),
      invalidatesTags: [DOCS],
    }),
    /** PUT …/update/{id}: a new version of the SOP's file (the old one stays in its history). */
    replaceSopFile: build.mutation<SopDocument, FileSend & { id: number }>({
      query: ({ id, files, onProgress }) => ({
        url: sopPath(sopRoutes.documentUpdate, { id }),
        method: 'PUT',
        body: multipart({}, files),
        onUploadProgress: onProgress,
      }),
      invalidatesTags: [DOCS],
    }),
    addSopReferences: build.mutation<SopDocument, FileSend & { documentId: number }>({
      query: ({ documentId, files, onProgress }) => ({
        url: sopRoutes.referenceAdd,
        method: 'POST',
        body: multipart({ document_id: String(documentId) }, files),
        onUploadProgress: onProgress,
      }),
      invalidatesTags: [DOCS],
    }),
    /** The file as pdf behind an object URL, which a new tab opens (the call needs the token). */
    sopPdfUrl: build.mutation<string, SopPdfRef>({
      query: (ref) => ({
        url:
          'referenceId' in ref
            ? sopPath(sopRoutes.reference, { id: ref.referenceId })
            : sopPath(sopRoutes.document, { id: ref.documentId }),
        // A docx is laid out as pdf by the server, whose headings speak the reader's language.
        query: {
          ...('documentId' in ref && ref.version ? { version: ref.version } : {}),
          lng: consoleLanguage(),
        },
        responseType: 'blob',
      }),
      transformResponse: (blob: Blob) =>
        URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })),
    }),
    /** POST /sop/export_checklist, at the checklist service's address; the browser saves it. */
    exportChecklist: build.mutation<
      null,
      { id: number; type: ExportType; language: string; data?: ChecklistData }
    >({
      async queryFn({ id, type, language, data }, { extra }) {
        try {
          const client = await checklistService((extra as ThunkExtra).http);
          const blob = await client.request<Blob>(sopRoutes.exportChecklist, {
            method: 'POST',
            query: { lng: language },
            body: {
              checklist_id: id,
              export_type: type,
              ...(data ? { checklist_data: data } : {}),
            },
            responseType: 'blob',
          });
          saveBlob(blob, `checklist-${id}.${type}`);
          return { data: null };
        } catch (error) {
          return { error: toApiErrorData(error) };
        }
      },
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
  useEditSopDetailsMutation,
  useDeleteArchivedSopMutation,
  useRemoveSopReferencesMutation,
  useListChecklistsQuery,
  useGetChecklistQuery,
  useChecklistVersionsQuery,
  useChecklistReferencesQuery,
  useGenerateChecklistMutation,
  useDeleteChecklistsMutation,
  useSaveChecklistMutation,
  useUploadSopDocumentsMutation,
  useReplaceSopFileMutation,
  useAddSopReferencesMutation,
  useSopPdfUrlMutation,
  useExportChecklistMutation,
} = sopApi;
