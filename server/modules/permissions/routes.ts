/** GET /permissions: the catalogue (SPEC §3) that the permission matrix renders. */
import type { z } from 'zod';
import { apiRoutes } from '../../../contract/api-paths';
import { permissionCatalogueSchema } from '../../../contract/permission-catalogue';
import type { Api } from '../../http/route-contract';
import type { PermissionCatalogue } from './repo';

export function registerPermissionRoutes(
  api: Api,
  s: { permissionCatalogue: PermissionCatalogue },
) {
  // The rows' names are plain strings from the database: the schema checks they are known ones.
  type Catalogue = z.input<typeof permissionCatalogueSchema>;
  api.get(
    apiRoutes.permissions,
    {
      schema: {
        summary: 'List the catalogue of rights',
        tags: ['Roles'],
        response: { 200: permissionCatalogueSchema },
      },
    },
    async () => (await s.permissionCatalogue.list()) as Catalogue,
  );
}
