/** The database-source area, built once by the container (issue 17). */
import type { AppDeps } from '../../deps';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { createDbSourceRepo } from './repo';
import { createDbSourceService } from './service';

export function createDbSourceArea(deps: AppDeps) {
  const { config } = deps;
  return {
    dbSources: createDbSourceService({
      repo: createDbSourceRepo(deps.database.db),
      box: createSecretBox(secretsKey(config)),
      dataDir: config.dataDir,
      limits: config.dbSourceLimits,
    }),
  };
}
