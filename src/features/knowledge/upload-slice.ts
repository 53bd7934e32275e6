/**
 * Uploads with progress (DESIGN: a slice + thunks, idle/loading/succeeded/failed, reset when the
 * session ends). Files go one per request through lib/http's XMLHttpRequest upload, so each row
 * has its own progress bar 0–100 while Uploading, then Success or Fail with the server's message
 * (SPEC §3 Upload item, §4, §8). The slice lives in this feature's chunk and registers itself.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiPaths } from '@contract/api-paths';
import type { UploadUrlsBody, UploadUrlsResponse } from '@contract/knowledge';
import type { UploadRefusal } from '@contract/knowledge-texts';
import { type ApiErrorData, toApiErrorData } from '@/lib/http';
import { isSessionEnd, type RequestStatus } from '@/lib/session/session-slice';
import { registerSlice } from '@/lib/slice-registry';
import { createAppAsyncThunk } from '@/lib/store-types';
import type { WebAddressAnswer } from '@/lib/web-address-text';
import { documentsChanged } from './knowledge-api';
import { extensionType, ok, pool, sendOne, urlUploadProblem } from './upload-requests';

export { outcomeOf, urlUploadProblem } from './upload-requests';

/** Files sent at the same time; the rest wait their turn in Uploading at 0 %. */
const UPLOAD_CONCURRENCY = 3;

export type UploadItemStatus = 'Uploading' | 'Success' | 'Fail';

/** SPEC §3 "Upload item on screen", minus the File itself (not serialisable; the form keeps it). */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  type: string;
  progress: number;
  status: UploadItemStatus;
  /** The server's message for this file (always for Fail), in English. */
  message: string | null;
  /** Why the server refused it, as a code the screen says in its reader's language. */
  code?: UploadRefusal;
  params?: Record<string, string>;
  /** The whole request failed (no right, too large for a proxy, no answer): said by its code. */
  failure?: ApiErrorData;
  documentId: number | null;
}

export interface UrlResult extends WebAddressAnswer {
  url: string;
  ok: boolean;
}

/**
 * What went wrong with a whole upload: SPEC §8's fixed texts by key (translated on screen), or
 * the server's own message.
 */
export type UploadProblem =
  | { kind: 'noFiles' | 'noDepartment' | 'uploadFailed' | 'invalidType' }
  | ({ kind: 'server' } & WebAddressAnswer);

export interface UploadState {
  files: {
    status: RequestStatus;
    requestId: string | null;
    items: UploadItem[];
    problem: UploadProblem | null;
  };
  urls: {
    status: RequestStatus;
    requestId: string | null;
    results: UrlResult[];
    problem: UploadProblem | null;
  };
}

const initialUploadState: UploadState = {
  files: { status: 'idle', requestId: null, items: [], problem: null },
  urls: { status: 'idle', requestId: null, results: [], problem: null },
};

export interface FileToUpload {
  id: string;
  file: File;
}

export interface UploadFilesArgs {
  files: FileToUpload[];
  departmentId: number | null;
  advancedTraining: boolean;
  needSummary: boolean;
}

interface UploadUrlsArgs {
  urls: string[];
  departmentId: number | null;
  advancedTraining: boolean;
}

/** POST /upload/docs, one request per file. */
export const uploadFiles = createAppAsyncThunk<
  { succeeded: number; failed: number },
  UploadFilesArgs,
  { rejectValue: UploadProblem }
>(
  'knowledgeUpload/files',
  async (args, { extra, dispatch, signal, requestId, rejectWithValue }) => {
    if (args.files.length === 0) return rejectWithValue({ kind: 'noFiles' });
    if (args.departmentId === null) return rejectWithValue({ kind: 'noDepartment' });
    const counts = { succeeded: 0, failed: 0 };
    await pool(args.files, UPLOAD_CONCURRENCY, async (entry) => {
      let last = -1;
      const result = await sendOne(extra.http, entry, args, signal, (percent) => {
        if (percent === last) return;
        last = percent;
        dispatch(fileProgressed({ requestId, id: entry.id, progress: percent }));
      });
      counts[result.status === 'Success' ? 'succeeded' : 'failed'] += 1;
      dispatch(fileFinished({ requestId, id: entry.id, ...result }));
    });
    if (counts.succeeded > 0) dispatch(documentsChanged());
    return counts;
  },
  { condition: (_, { getState }) => selectUpload(getState()).files.status !== 'loading' },
);

/** POST /upload/urls {urls, advanced_training, department}. */
export const uploadUrls = createAppAsyncThunk<
  UrlResult[],
  UploadUrlsArgs,
  { rejectValue: UploadProblem }
>(
  'knowledgeUpload/urls',
  async (args, { extra, dispatch, signal, rejectWithValue }) => {
    if (args.departmentId === null) return rejectWithValue({ kind: 'noDepartment' });
    const body: UploadUrlsBody = {
      urls: args.urls,
      advanced_training: args.advancedTraining,
      department: args.departmentId,
    };
    try {
      const answer = await extra.http.request<UploadUrlsResponse | null>(apiPaths.uploadUrls, {
        method: 'POST',
        body,
        signal,
      });
      const results = (answer?.items ?? []).map((item) => ({
        url: item.url,
        ok: ok(item.status_code),
        message: item.message,
        code: item.code,
        params: item.params,
      }));
      if (results.some((r) => r.ok)) dispatch(documentsChanged());
      return results;
    } catch (error) {
      const data = toApiErrorData(error);
      const problem = urlUploadProblem(data.status, data.code, data.message);
      // Every address refused: the first one's reason, as a code the console translates.
      const first = (error as { body?: Partial<UploadUrlsResponse> }).body?.items?.[0];
      return rejectWithValue(
        problem.kind === 'server' && first?.code
          ? { ...problem, code: first.code, params: first.params }
          : problem,
      );
    }
  },
  { condition: (_, { getState }) => selectUpload(getState()).urls.status !== 'loading' },
);

const uploadSlice = createSlice({
  name: 'knowledgeUpload',
  initialState: initialUploadState,
  reducers: {
    fileProgressed: (
      state,
      action: PayloadAction<{ requestId: string; id: string; progress: number }>,
    ) => {
      if (state.files.requestId !== action.payload.requestId) return;
      const item = state.files.items.find((i) => i.id === action.payload.id);
      if (item && item.status === 'Uploading')
        item.progress = Math.max(item.progress, Math.min(100, action.payload.progress));
    },
    fileFinished: (
      state,
      action: PayloadAction<{
        requestId: string;
        id: string;
        status: UploadItemStatus;
        message: string | null;
        code?: UploadRefusal;
        params?: Record<string, string>;
        failure?: ApiErrorData;
        documentId: number | null;
      }>,
    ) => {
      const { requestId, id, status, message, code, params, failure, documentId } = action.payload;
      if (state.files.requestId !== requestId) return;
      const item = state.files.items.find((i) => i.id === id);
      if (!item) return;
      item.status = status;
      item.message = message;
      item.code = code;
      item.params = params;
      item.failure = failure;
      item.documentId = documentId;
      if (status === 'Success') item.progress = 100;
    },
    /** The form shows a problem of its own (no files, no department) before anything is sent. */
    filesProblemShown: (state, action: PayloadAction<UploadProblem | null>) => {
      state.files.problem = action.payload;
    },
    urlsProblemShown: (state, action: PayloadAction<UploadProblem | null>) => {
      state.urls.problem = action.payload;
    },
    filesCleared: (state) => {
      if (state.files.status !== 'loading') state.files = initialUploadState.files;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(uploadFiles.pending, (state, action) => {
        state.files = {
          status: 'loading',
          requestId: action.meta.requestId,
          problem: null,
          items: action.meta.arg.files.map(({ id, file }) => ({
            id,
            name: file.name,
            size: file.size,
            type: extensionType(file),
            progress: 0,
            status: 'Uploading',
            message: null,
            documentId: null,
          })),
        };
      })
      .addCase(uploadFiles.fulfilled, (state, action) => {
        if (state.files.requestId !== action.meta.requestId) return;
        state.files.status = action.payload.failed > 0 ? 'failed' : 'succeeded';
      })
      .addCase(uploadFiles.rejected, (state, action) => {
        if (state.files.requestId !== action.meta.requestId) return;
        state.files.status = 'failed';
        state.files.problem = action.payload ?? { kind: 'uploadFailed' };
      })
      .addCase(uploadUrls.pending, (state, action) => {
        state.urls = {
          status: 'loading',
          requestId: action.meta.requestId,
          results: [],
          problem: null,
        };
      })
      .addCase(uploadUrls.fulfilled, (state, action) => {
        if (state.urls.requestId !== action.meta.requestId) return;
        state.urls.status = action.payload.every((r) => r.ok) ? 'succeeded' : 'failed';
        state.urls.results = action.payload;
      })
      .addCase(uploadUrls.rejected, (state, action) => {
        if (state.urls.requestId !== action.meta.requestId) return;
        state.urls.status = 'failed';
        state.urls.problem = action.payload ?? { kind: 'uploadFailed' };
      })
      .addMatcher(isSessionEnd, () => initialUploadState);
  },
});

export const { fileProgressed, fileFinished, filesProblemShown, urlsProblemShown, filesCleared } =
  uploadSlice.actions;

export const uploadReducer = uploadSlice.reducer;
registerSlice(uploadSlice);

interface UploadRootState {
  knowledgeUpload?: UploadState;
}

/** Before the store has injected the slice (the first render of the chunk) it reads as idle. */
export const selectUpload = (state: unknown): UploadState =>
  (state as UploadRootState).knowledgeUpload ?? initialUploadState;
