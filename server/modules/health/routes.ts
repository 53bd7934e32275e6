/** GET /api/health: the process answers and the database is reachable. */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import { healthSchema } from '../../../contract/health';
import type { Services } from '../../container';
import { shape } from '../../http/validate';

export function registerHealthRoutes(api: FastifyInstance, s: Pick<Services, 'health'>) {
  api.get(apiRoutes.health, { config: { public: true } }, async () =>
    shape(healthSchema, await s.health.check()),
  );
}
