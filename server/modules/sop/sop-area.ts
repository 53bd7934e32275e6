/** Wires the SOP area of one app instance: documents, archive, lookups, checklists. */
import type { Database } from '../../db/database';
import type { ChecklistModel } from '../../services/checklist/llm-requirements';
import type { Storage } from '../../services/storage';
import { createSopArchive } from './archive-service';
import { createChecklistRepo } from './checklist-repo';
import { createChecklists } from './checklists-service';
import { createSopDetails } from './details-service';
import { createSopDocuments } from './documents-service';
import { createSopLookups } from './lookups';
import { createSopRepo } from './repo';
import type { ExtractText } from './sop-files';

interface SopDeps {
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
    details: createSopDetails(repo, documents.shaped),
    lookups: createSopLookups(repo),
    checklists: createChecklists(createChecklistRepo(database.db), repo, llm),
    maxUploadMb,
  };
}

export type Sop = ReturnType<typeof createSop>;
