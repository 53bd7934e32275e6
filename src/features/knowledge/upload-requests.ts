/** The requests of an upload and how their answers read (SPEC §3 Upload item, §8). */
import { apiPaths } from '@contract/api-paths';
import type { UploadDocsResponse, UploadItemResult } from '@contract/knowledge';
import { CLIENT_ERROR_CODES, toApiErrorData, type HttpClient } from '@/lib/http';
import type {
  FileToUpload,
  UploadFilesArgs,
  UploadItem,
  UploadItemStatus,
  UploadProblem,
} from './upload-slice';

export const ok = (code: number) => code >= 200 && code < 300;

export function extensionType(file: File): string {
  const dot = file.name.lastIndexOf('.');
  return dot < 0 ? file.type : file.name.slice(dot + 1).toLowerCase();
}

/** The multipart body of POST /upload/docs; fields first, so a streaming server reads them first. */
function uploadForm(file: File, args: Omit<UploadFilesArgs, 'files'>): FormData {
  const form = new FormData();
  form.append('department_id', String(args.departmentId));
  form.append('advanced_training', String(args.advancedTraining));
  form.append('need_summary', String(args.needSummary));
  form.append('files', file, file.name);
  return form;
}

/** SPEC §8: a first item with a non-2xx status_code (409: already uploaded) marks the file Fail. */
export function outcomeOf(answer: UploadDocsResponse | null): {
  status: UploadItemStatus;
  item: UploadItemResult | null;
} {
  const item = answer?.items?.[0] ?? null;
  if (!item) return { status: 'Success', item: null };
  return { status: ok(item.status_code) ? 'Success' : 'Fail', item };
}

export async function sendOne(
  http: HttpClient,
  entry: FileToUpload,
  args: UploadFilesArgs,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<SentFile> {
  try {
    const answer = await http.upload<UploadDocsResponse | null>(
      apiPaths.uploadDocs,
      uploadForm(entry.file, args),
      { signal, onProgress },
    );
    const { status, item } = outcomeOf(answer);
    return { status, ...reasonOf(item), documentId: item?.document_id ?? null };
  } catch (error) {
    // A refused file answers with its status; the body still names the reason per file.
    const item = (error as { body?: Partial<UploadDocsResponse> }).body?.items?.[0] ?? null;
    if (item) return { status: 'Fail', ...reasonOf(item), documentId: null };
    // The whole request failed (no right, no answer): SPEC §8's request failure, by its code.
    const failure = toApiErrorData(error);
    return { status: 'Fail', message: failure.message, failure, documentId: null };
  }
}

/** What the upload list keeps of one file's answer. */
type SentFile = Pick<
  UploadItem,
  'status' | 'message' | 'code' | 'params' | 'failure' | 'documentId'
>;

function reasonOf(item: UploadItemResult | null): Pick<SentFile, 'message' | 'code' | 'params'> {
  return { message: item?.message ?? null, code: item?.code, params: item?.params };
}

/** Runs `work` over `list` with at most `limit` at a time, in order of start. */
export async function pool<T>(list: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await work(list[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}

/**
 * SPEC §8 for POST /upload/urls: 409, 500 or 400 show the server's message; any other answer
 * that is not a success says 'Upload failed.'; no answer at all is the network error.
 */
export function urlUploadProblem(status: number, code: string, message: string): UploadProblem {
  if (status === 400 || status === 409 || status === 500) return { kind: 'server', message };
  if (status === 0 && code === CLIENT_ERROR_CODES.fetch) return { kind: 'server', message };
  return { kind: 'uploadFailed' };
}
