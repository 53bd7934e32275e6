/**
 * GET /download/{id}/notes: what the source viewer says beside a cited document's pdf (no text
 * found, a sitemap's pages counted), as codes it translates, so no server English is shown.
 */
import { apiPaths } from '@contract/api-paths';
import type { SourceNotes } from '@contract/knowledge';
import { api } from '@/lib/api';

export const sourceNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sourceNotes: build.query<SourceNotes, number>({
      query: (id) => apiPaths.downloadNotes(id),
    }),
  }),
});

export const { useSourceNotesQuery } = sourceNotesApi;
