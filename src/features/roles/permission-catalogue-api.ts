/** GET /permissions: the rights a role can hold, as the server stores them (SPEC §3). */
import { apiPaths } from '@contract/api-paths';
import type { PermissionDefinition } from '@contract/permissions';
import { api } from '@/lib/api';

const permissionCatalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    permissionCatalogue: build.query<PermissionDefinition[], void>({
      query: () => ({ url: apiPaths.permissions }),
      // The catalogue changes only with a server release.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { usePermissionCatalogueQuery } = permissionCatalogueApi;
