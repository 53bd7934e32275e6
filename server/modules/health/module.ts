/** The health check of load balancers and probes. */
import { defineModule } from '../../module';
import { registerHealthRoutes } from './routes';
import { createHealthCheck } from './service';

export const healthModule = defineModule({
  name: 'health',
  build: ({ database }) => ({ health: createHealthCheck(database) }),
  routes: registerHealthRoutes,
});
