/** Visuals: charts and tables drawn from an answer's data or from a database source. */
import { defineModule } from '../../module';
import { dbSourcesModule } from '../db-sources/module';
import { createVisualsRepo } from './repo';
import { registerVisualRoutes } from './routes';
import { createVisualsService } from './service';

export const visualsModule = defineModule({
  name: 'visuals',
  build: ({ database, llm, log }, from) => ({
    visuals: createVisualsService({
      repo: createVisualsRepo(database.db),
      llm,
      log,
      databases: from(dbSourcesModule).dbVisuals,
    }),
  }),
  routes: registerVisualRoutes,
});
