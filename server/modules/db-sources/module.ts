/** Database sources: connections to other databases, read-only questions asked of them. */
import { defineModule } from '../../module';
import { createIntegrationHosts } from '../../services/fetch/integration-hosts';
import { createSecretBox, secretsKey } from '../../services/security/secret-box';
import { createSourceConnections } from './connections';
import { createDbSourceRepo } from './repo';
import { registerDbSourceRoutes } from './routes';
import { createDbSourceService } from './service';
import { createDbVisuals } from './visual-answer';

export const dbSourcesModule = defineModule({
  name: 'db-sources',
  build({ config, database, log, llm }) {
    const dbSources = createDbSourceService({
      repo: createDbSourceRepo(database.db),
      box: createSecretBox(secretsKey(config)),
      connections: createSourceConnections({
        hosts: createIntegrationHosts(config.integrationHostsAllow),
        sqlite: { allowed: config.dbSourceSqliteDir, own: [config.dataDir, config.storageDir] },
        log,
      }),
      sqliteEnabled: config.dbSourceSqliteDir !== undefined,
      limits: config.dbSourceLimits,
    });
    // Charts answered from a database source's rows, for the visuals module.
    return { dbSources, dbVisuals: createDbVisuals({ dbSources, llm, log }) };
  },
  expose: ({ dbVisuals }) => ({ dbVisuals }),
  routes: registerDbSourceRoutes,
});
