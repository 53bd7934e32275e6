/** Wires the SOP area of one app instance (issue 15): documents, archive, lookups, checklists. */
import { DEFAULT_CHAT_MODEL } from '../../../contract/constants';
import type { Database } from '../../db/database';
import type { LlmProvider } from '../../services/llm/openai';
import type { Knowledge } from '../knowledge/knowledge-area';
import type { ChecklistModel } from '../../services/checklist/llm-requirements';
import type { Storage } from '../../services/storage';
import { createSopArchive } from './archive-service';
import { createChecklistRepo } from './checklist-repo';
import { createChecklists } from './checklists-service';
import { createSopDocuments } from './documents-service';
import { createSopLookups } from './lookups';
import { createSopRepo } from './repo';
import type { ExtractText } from './sop-files';

export interface SopDeps {
  database: Database;
  storage: Storage;
  maxUploadMb: number;
  extract: ExtractText;
  /** The model that proposes checklist items; none: the built-in extractor. */
  llm: ChecklistModel | null;
}

export function createSop({ database, storage, maxUploadMb, extract, llm }: SopDeps) {
  const repo = createSopRepo(database.db);
  const documents = createSopDocuments(repo, { storage, maxUploadMb, extract });
  return {
    documents,
    archive: createSopArchive(repo, storage, documents.shaped),
    lookups: createSopLookups(repo),
    checklists: createChecklists(createChecklistRepo(database.db), repo, llm),
    maxUploadMb,
  };
}

export type Sop = ReturnType<typeof createSop>;

/** The SOP area from the app's dependencies and the knowledge area it shares storage with. */
export function sopServices(
  config: { maxUploadMb: number; llmModels: string[] },
  database: Database,
  { knowledge, llm }: { knowledge: Knowledge; llm: LlmProvider | null },
) {
  return createSop({
    database,
    storage: knowledge.storage,
    maxUploadMb: config.maxUploadMb,
    extract: async (...args) => (await knowledge.engine()).extract(...args),
    // Checklist items are proposed by the first of LLM_MODELS.
    llm: llm && { provider: llm, model: config.llmModels[0] ?? DEFAULT_CHAT_MODEL },
  });
}
