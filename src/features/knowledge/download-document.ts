/**
 * Download of an uploaded file's original. The call needs the Bearer token, so it cannot be a
 * plain link: the file is read as a blob through lib/http and handed to the browser to save.
 */
import { apiPaths } from '@contract/api-paths';
import type { KnowledgeDocument } from '@contract/knowledge';
import { toApiErrorData } from '@/lib/http';
import { saveBlob } from '@/lib/save-blob';
import { createAppAsyncThunk } from '@/lib/store-types';

export const downloadDocument = createAppAsyncThunk<void, Pick<KnowledgeDocument, 'id' | 'name'>>(
  'knowledge/download',
  async (doc, { extra, rejectWithValue }) => {
    try {
      const blob = await extra.http.request<Blob>(apiPaths.downloadDocument(doc.id), {
        responseType: 'blob',
      });
      saveBlob(blob, doc.name);
    } catch (error) {
      return rejectWithValue(toApiErrorData(error));
    }
  },
);
