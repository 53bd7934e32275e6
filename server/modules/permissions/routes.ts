/** GET /permissions: the catalogue (SPEC §3), as stored by the seed. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

export function registerPermissionRoutes(api: FastifyInstance, { db }: Database) {
  api.get('/permissions', async () =>
    db.selectFrom('permissions').select(['id', 'module_name', 'action']).orderBy('id').execute(),
  );
}
