/**
 * The knowledge module: documents, uploads and the ingestion queue over one search index and one
 * storage. Its workers run while the app is up (stale claims requeued, old temporary files swept);
 * stopping puts running jobs back in the queue.
 */
import { defineModule } from '../../module';
import { createSearchIndex } from '../../services/search';
import { createKnowledge } from './knowledge-area';
import { registerKnowledgeRoutes } from './routes';

export const knowledgeModule = defineModule({
  name: 'knowledge',
  build({ config, database, log, llm, ingestEngine }) {
    const index = createSearchIndex(database);
    // Summaries are written by the app's model.
    const knowledge = createKnowledge({
      config,
      database,
      index,
      log,
      engine: ingestEngine,
      summary: llm,
    });
    return { knowledge, index };
  },
  expose: ({ knowledge, index }) => ({
    index,
    storage: knowledge.storage,
    maxUploadMb: knowledge.maxUploadMb,
    /** Text of a stored file, by the ingestion engine (loaded on first use). */
    extract: async (...args: Parameters<Awaited<ReturnType<typeof knowledge.engine>>['extract']>) =>
      (await knowledge.engine()).extract(...args),
  }),
  routes: registerKnowledgeRoutes,
  start: ({ knowledge }) => knowledge.start(),
  stop: ({ knowledge }) => knowledge.stop(),
});
