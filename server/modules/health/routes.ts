/** GET /api/health: the process answers and the database is reachable. */
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';

export function registerHealthRoutes(api: FastifyInstance, s: Pick<Services, 'health'>) {
  api.get(apiRoutes.health, { config: { public: true } }, () => s.health.check());
}
