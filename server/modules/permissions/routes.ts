/** GET /permissions: the catalogue (SPEC §3) that the permission matrix renders. */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { permissionCatalogueSchema } from '../../../contract/permission-catalogue';
import type { Services } from '../../container';

export function registerPermissionRoutes(
  api: FastifyInstance,
  s: Pick<Services, 'permissionCatalogue'>,
) {
  api.get(apiRoutes.permissions, async () =>
    permissionCatalogueSchema.parse(await s.permissionCatalogue.list()),
  );
}
