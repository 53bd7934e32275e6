/** API keys for other systems: list, create (the key answered once), revoke. */
import {
  apiKeyPaths,
  type ApiKey,
  type ApiKeyInput,
  type ApiKeyStatus,
  type CreatedApiKey,
} from '@contract/api-keys';
import type { Paged } from '@contract/paging';
import { api } from '@/lib/api';

interface ApiKeyPageArgs {
  page: number;
  size: number;
  search?: string;
  status?: ApiKeyStatus;
}

const LIST = { type: 'ApiKey', id: 'LIST' } as const;

const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<Paged<ApiKey>, ApiKeyPageArgs>({
      query: ({ page, size, search, status }) => ({
        url: apiKeyPaths.list,
        query: { page, size, search: search || undefined, status },
      }),
      providesTags: [LIST],
    }),
    createApiKey: build.mutation<CreatedApiKey, ApiKeyInput>({
      query: (body) => ({ url: apiKeyPaths.list, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    revokeApiKey: build.mutation<ApiKey, number>({
      query: (id) => ({ url: apiKeyPaths.one(id), method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
