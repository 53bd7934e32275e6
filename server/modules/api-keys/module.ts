/**
 * API keys for other systems: the console's service and the request check. Usage is counted in
 * memory and written in batches; a stop writes what is counted, so no count is lost.
 */
import { defineModule } from '../../module';
import { identityModule } from '../identity/module';
import { createKeyAuthenticator } from './key-auth';
import { createApiKeysRepo } from './repo';
import { registerApiKeyRoutes } from './routes';
import { createApiKeyService } from './service';
import { createUsageMeter } from './usage-meter';

export const apiKeysModule = defineModule({
  name: 'api-keys',
  build({ config, database, log, windowCounter }, from) {
    const repo = createApiKeysRepo(database.db);
    const meter = createUsageMeter({
      repo,
      counter: windowCounter,
      limitPerMinute: config.apiKeyRateLimit,
      onError: (error) => log.error({ err: error }, 'API key usage was not written'),
    });
    const { profiles } = from(identityModule);
    return {
      apiKeys: createApiKeyService(repo, meter),
      /** Checks a bearer `atr_…` key and answers the request's auth context. */
      apiKeyAuth: createKeyAuthenticator({ repo, profiles, meter }),
      apiKeyUsage: meter,
    };
  },
  routes: registerApiKeyRoutes,
  stop: ({ apiKeyUsage }) => apiKeyUsage.flush(),
});
