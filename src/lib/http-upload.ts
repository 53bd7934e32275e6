/**
 * Multipart upload through XMLHttpRequest, the one browser API that reports upload progress.
 * Loaded by http.ts with the first upload.
 */
import {
  ApiError,
  CLIENT_ERROR_CODES,
  NETWORK_ERROR_MESSAGE,
  parseText,
  type UploadOptions,
} from './http';

/** The server's answer: its status and parsed body, whatever the status. */
interface UploadAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

export function sendWithProgress(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  options: UploadOptions,
): Promise<UploadAnswer> {
  return new Promise<UploadAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress)
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) options.onProgress?.(100);
      resolve({ ok, status: xhr.status, body: parseText(xhr.responseText) });
    };
    xhr.onerror = () =>
      reject(new ApiError({ code: CLIENT_ERROR_CODES.fetch, message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () =>
      reject(new ApiError({ code: CLIENT_ERROR_CODES.aborted, message: 'Upload cancelled' }));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
