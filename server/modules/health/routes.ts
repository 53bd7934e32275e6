/** GET /api/health: the process answers and the database is reachable. */
import { apiRoutes } from '../../../contract/api-paths';
import { healthSchema } from '../../../contract/health';
import type { Api } from '../../http/route-contract';
import type { HealthCheck } from './service';

export function registerHealthRoutes(api: Api, s: { health: HealthCheck }) {
  api.get(
    apiRoutes.health,
    {
      config: { public: true },
      schema: {
        summary: 'Check that the server and its database answer',
        tags: ['Health'],
        response: { 200: healthSchema },
      },
    },
    async () => s.health.check(),
  );
}
