/** Visuals: charts and tables drawn from an answer's data or from a database source. */
import { defineModule } from '../../module';
import { chatModule } from '../chat/module';
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
    // Charts drawn for an answer are kept with it, by the module that keeps the answers.
    charts: from(chatModule).charts,
  }),
  routes: registerVisualRoutes,
});
