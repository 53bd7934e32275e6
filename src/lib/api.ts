/**
 * The base RTK Query api (DESIGN): one createApi over lib/http with no endpoints; each feature
 * adds its own with `api.injectEndpoints`. Unused data is kept 60 s (SPEC §9).
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { UNUSED_CACHE_SECONDS } from '@contract/constants';
import { toApiErrorData, type ApiErrorData, type RequestOptions } from './http';
import type { ThunkExtra } from './store-types';
import { registerApi } from './api-registry';

export interface HttpQueryArgs extends Omit<RequestOptions, 'signal'> {
  url: string;
  /**
   * Sends the FormData body as a multipart upload that reports its progress (0-100): the
   * XMLHttpRequest path of lib/http, the one browser API with upload progress.
   */
  onUploadProgress?: (percent: number) => void;
}

const httpBaseQuery: BaseQueryFn<HttpQueryArgs | string, unknown, ApiErrorData> = async (
  args,
  { signal, extra },
) => {
  const { url, onUploadProgress, ...options } = typeof args === 'string' ? { url: args } : args;
  const { http } = extra as ThunkExtra;
  try {
    const data =
      onUploadProgress && options.body instanceof FormData
        ? await http.upload<unknown>(url, options.body, {
            method: options.method === 'PUT' ? 'PUT' : 'POST',
            query: options.query,
            signal,
            onProgress: onUploadProgress,
          })
        : await http.request<unknown>(url, { ...options, signal });
    return { data };
  } catch (error) {
    return { error: toApiErrorData(error) };
  }
};

const TAGS = [
  'Profile',
  'EmailAccount',
  'User',
  'UserHistory',
  'Department',
  'Role',
  'RoleHistory',
  'ServiceAgent',
  'ServiceAgentHistory',
  'Helpdesk',
  'HelpdeskAgent',
  'DbSource',
  'ApiKey',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  keepUnusedDataFor: UNUSED_CACHE_SECONDS,
  tagTypes: TAGS,
  endpoints: () => ({}),
});

registerApi(api);
