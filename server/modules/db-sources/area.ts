/** The database-source area, built once by the container. */
import type { AppDeps } from '../../deps';
import { createIntegrationHosts } from '../../services/fetch/integration-hosts';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { createSourceConnections, type ConnectionLog } from './connections';
import { createDbSourceRepo } from './repo';
import { createDbSourceService } from './service';

export function createDbSourceArea(deps: AppDeps, log: ConnectionLog) {
  const { config } = deps;
  return {
    dbSources: createDbSourceService({
      repo: createDbSourceRepo(deps.database.db),
      box: createSecretBox(secretsKey(config)),
      connections: createSourceConnections({
        hosts: createIntegrationHosts(config.integrationHostsAllow),
        sqlite: {
          allowed: config.dbSourceSqliteDir,
          own: [config.dataDir, config.storageDir],
        },
        log,
      }),
      sqliteEnabled: config.dbSourceSqliteDir !== undefined,
      limits: config.dbSourceLimits,
    }),
  };
}
