/** API keys (issue 17), built once per app: the console's service and the request check. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import type { WindowCounter } from '../../services/security/rate-windows';
import type { ProfileService } from '../profile/service';
import { createKeyAuthenticator } from './key-auth';
import { createApiKeysRepo } from './repo';
import { createApiKeyService } from './service';
import { createUsageMeter } from './usage-meter';

export function createApiKeyArea(
  deps: AppDeps,
  log: FastifyBaseLogger,
  profiles: Pick<ProfileService, 'subjectOf'>,
  counter: WindowCounter,
) {
  const repo = createApiKeysRepo(deps.database.db);
  const meter = createUsageMeter({
    repo,
    counter,
    limitPerMinute: deps.config.apiKeyRateLimit,
    onError: (error) => log.error({ err: error }, 'API key usage was not written'),
  });
  return {
    apiKeys: createApiKeyService(repo, meter),
    /** Checks a bearer `atr_…` key and answers the request's auth context. */
    apiKeyAuth: createKeyAuthenticator({ repo, profiles, meter }),
    /** Writes the counted usage; on shutdown, so no count is lost. */
    apiKeyUsage: meter,
  };
}
