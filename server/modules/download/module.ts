/** Downloads: a knowledge document as a pdf. */
import { defineModule } from '../../module';
import { knowledgeModule } from '../knowledge/module';
import { createDownloadRepo } from './repo';
import { registerDownloadRoutes } from './routes';
import { createDownloadService } from './service';

export const downloadModule = defineModule({
  name: 'download',
  build({ database, log }, from) {
    const { storage, extract } = from(knowledgeModule);
    return {
      downloads: createDownloadService({
        repo: createDownloadRepo(database.db),
        files: { storage, extract },
        log,
      }),
    };
  },
  routes: registerDownloadRoutes,
});
