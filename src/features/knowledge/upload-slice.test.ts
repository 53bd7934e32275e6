import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@contract/api-paths';
import { ApiError, type HttpClient, type UploadOptions } from '@/lib/http';
import { loggedOut, sessionExpired, sessionReducer } from '@/lib/session/session-slice';
import { fileOf, uploadAnswer } from './knowledge-test-kit';
import {
  outcomeOf,
  uploadFiles,
  uploadReducer,
  uploadUrls,
  urlUploadProblem,
  type UploadState,
} from './upload-slice';

interface PendingUpload {
  path: string;
  form: FormData;
  options: UploadOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** An http client whose uploads the test drives by hand: progress, answer, failure. */
function scriptedHttp() {
  const uploads: PendingUpload[] = [];
  const requests: { path: string; body: unknown }[] = [];
  let answer: () => Promise<unknown> = () => Promise.resolve({ items: [] });
  const http: HttpClient = {
    request: <T>(path: string, options: { body?: unknown } = {}) => {
      requests.push({ path, body: options.body });
      return answer() as Promise<T>;
    },
    upload: <T>(path: string, form: FormData, options: UploadOptions = {}) =>
      new Promise<T>((resolve, reject) =>
        uploads.push({ path, form, options, resolve: resolve as (v: unknown) => void, reject }),
      ),
  };
  return { http, uploads, requests, answerWith: (next: () => Promise<unknown>) => (answer = next) };
}

function storeWith(http: HttpClient) {
  return configureStore({
    reducer: { session: sessionReducer, knowledgeUpload: uploadReducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { http } } }),
  });
}

const files = (state: { knowledgeUpload: UploadState }) => state.knowledgeUpload.files;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('upload slice', () => {
  it('when a file uploads, then it starts Uploading at 0, follows the progress and ends Success at 100', async () => {
    const { http, uploads } = scriptedHttp();
    const store = storeWith(http);
    const done = store.dispatch(
      uploadFiles({
        files: [{ id: 'a', file: fileOf('a.pdf') }],
        departmentId: 4,
        advancedTraining: true,
        needSummary: false,
      }),
    );
    expect(files(store.getState()).status).toBe('loading');
    expect(files(store.getState()).items[0]).toMatchObject({
      name: 'a.pdf',
      type: 'pdf',
      size: 1024,
      progress: 0,
      status: 'Uploading',
    });
    await tick();
    const [sent] = uploads;
    expect(sent.path).toBe(apiPaths.uploadDocs);
    expect(sent.form.get('department_id')).toBe('4');
    expect(sent.form.get('advanced_training')).toBe('true');
    expect(sent.form.get('need_summary')).toBe('false');
    expect((sent.form.get('files') as File).name).toBe('a.pdf');
    sent.options.onProgress?.(30);
    expect(files(store.getState()).items[0].progress).toBe(30);
    sent.options.onProgress?.(70);
    expect(files(store.getState()).items[0].progress).toBe(70);
    sent.resolve(uploadAnswer('a.pdf', 201, 'Stored', 9));
    await done;
    expect(files(store.getState()).items[0]).toMatchObject({
      progress: 100,
      status: 'Success',
      documentId: 9,
    });
    expect(files(store.getState()).status).toBe('succeeded');
  });

  it('when more files than the concurrency wait, then at most three are sent at once', async () => {
    const { http, uploads } = scriptedHttp();
    const store = storeWith(http);
    const list = Array.from({ length: 5 }, (_, i) => ({ id: `f${i}`, file: fileOf(`f${i}.csv`) }));
    const done = store.dispatch(
      uploadFiles({ files: list, departmentId: 1, advancedTraining: false, needSummary: false }),
    );
    await tick();
    expect(uploads).toHaveLength(3);
    uploads[0].resolve(uploadAnswer('f0.csv', 201, 'ok'));
    await tick();
    expect(uploads).toHaveLength(4);
    for (const u of uploads.slice(1)) u.resolve(uploadAnswer('x', 201, 'ok'));
    await tick();
    uploads[4].reject(
      new ApiError({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not a csv' }),
    );
    await done;
    expect(files(store.getState()).items.map((i) => i.status)).toEqual([
      'Success',
      'Success',
      'Success',
      'Success',
      'Fail',
    ]);
    expect(files(store.getState()).items[4].message).toBe('Not a csv');
    expect(files(store.getState()).status).toBe('failed');
  });

  it('when the session ends during an upload, then the state resets and late answers are ignored', async () => {
    const { http, uploads } = scriptedHttp();
    const store = storeWith(http);
    const done = store.dispatch(
      uploadFiles({
        files: [{ id: 'a', file: fileOf('a.pdf') }],
        departmentId: 1,
        advancedTraining: false,
        needSummary: false,
      }),
    );
    await tick();
    store.dispatch(sessionExpired());
    expect(files(store.getState())).toEqual({
      status: 'idle',
      requestId: null,
      items: [],
      problem: null,
    });
    uploads[0].resolve(uploadAnswer('a.pdf', 201, 'ok'));
    await done;
    expect(files(store.getState()).items).toEqual([]);
    store.dispatch(loggedOut());
    expect(files(store.getState()).status).toBe('idle');
  });

  it('when no file is given, then the upload fails with the noFiles problem and sends nothing', async () => {
    const { http, uploads } = scriptedHttp();
    const store = storeWith(http);
    await store.dispatch(
      uploadFiles({ files: [], departmentId: 1, advancedTraining: false, needSummary: false }),
    );
    expect(uploads).toHaveLength(0);
    expect(files(store.getState()).problem).toEqual({ kind: 'noFiles' });
  });

  it('when the answer lists a first item with status_code 409, then the file is Fail (SPEC §8)', () => {
    expect(outcomeOf(uploadAnswer('a.pdf', 409, 'dup')).status).toBe('Fail');
    expect(outcomeOf(uploadAnswer('a.pdf', 201, 'ok')).status).toBe('Success');
    expect(outcomeOf(uploadAnswer('a.pdf', 200, 'ok')).status).toBe('Success');
  });

  it('when the web-address call fails, then 400, 409 and 500 keep the server message and others say Upload failed.', () => {
    expect(urlUploadProblem(409, 'CONFLICT', 'Already added')).toEqual({
      kind: 'server',
      message: 'Already added',
    });
    expect(urlUploadProblem(500, 'INTERNAL_ERROR', 'Boom')).toEqual({
      kind: 'server',
      message: 'Boom',
    });
    expect(urlUploadProblem(400, 'VALIDATION_ERROR', 'Bad')).toEqual({
      kind: 'server',
      message: 'Bad',
    });
    expect(urlUploadProblem(403, 'FORBIDDEN', 'No')).toEqual({ kind: 'uploadFailed' });
    expect(urlUploadProblem(422, 'VALIDATION_ERROR', 'No')).toEqual({ kind: 'uploadFailed' });
  });

  it('when web addresses are sent, then the body is {urls, advanced_training, department}', async () => {
    const { http, requests, answerWith } = scriptedHttp();
    answerWith(() =>
      Promise.resolve({
        items: [{ url: 'https://a.test', status_code: 201, message: 'Queued', document_id: 3 }],
      }),
    );
    const store = storeWith(http);
    await store.dispatch(
      uploadUrls({ urls: ['https://a.test'], departmentId: 2, advancedTraining: true }),
    );
    expect(requests).toEqual([
      {
        path: apiPaths.uploadUrls,
        body: { urls: ['https://a.test'], advanced_training: true, department: 2 },
      },
    ]);
    expect(store.getState().knowledgeUpload.urls).toMatchObject({
      status: 'succeeded',
      results: [{ url: 'https://a.test', ok: true, message: 'Queued' }],
    });
  });
});
