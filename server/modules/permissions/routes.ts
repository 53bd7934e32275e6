/** GET /permissions: the catalogue (SPEC §3) that the permission matrix renders. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { apiRoutes } from '../../../contract/api-paths';
import { shape } from '../../http/validate';
import { permissionCatalogueSchema } from '../../../contract/permission-catalogue';
import type { Services } from '../../container';

export function registerPermissionRoutes(
  api: FastifyInstance,
  s: Pick<Services, 'permissionCatalogue'>,
) {
  // The rows' names are plain strings from the database: the schema checks they are known ones.
  type Catalogue = z.input<typeof permissionCatalogueSchema>;
  api.get(apiRoutes.permissions, async () =>
    shape(permissionCatalogueSchema, (await s.permissionCatalogue.list()) as Catalogue),
  );
}
