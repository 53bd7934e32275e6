/**
 * The SOP repository and checklists: documents filed in the knowledge module's storage and read
 * by its ingestion engine; checklist items proposed by the app's model (or the built-in
 * extractor). The checklist service may also be served on its own (checklist-service.ts).
 */
import { defineModule } from '../../module';
import { knowledgeModule } from '../knowledge/module';
import { registerChecklistRoutes } from './checklist-routes';
import { registerChecklistService } from './checklist-service';
import { registerSopRoutes } from './routes';
import { createSop } from './sop-area';

export const sopModule = defineModule({
  name: 'sop',
  build({ database, llm }, from) {
    const { storage, maxUploadMb, extract } = from(knowledgeModule);
    return { sop: createSop({ database, storage, maxUploadMb, extract, llm }), storage };
  },
  /** The product types SOP documents are filed under (the reports count conversations by them). */
  expose: ({ sop }) => ({ productTypes: () => sop.lookups.products() }),
  routes(api, services) {
    registerSopRoutes(api, services);
    registerChecklistRoutes(api, services);
    registerChecklistService(api, services);
  },
});
