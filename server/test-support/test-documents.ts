/**
 * Test and benchmark fixture: a ready document (a real `documents` row) whose chunks go into
 * the real search index through `replaceChunks`, the same call the ingestion job ends with.
 * Only the file parsing is skipped; everything the assistant reads is the production path.
 */
import type { SourcePosition } from '../../contract/knowledge';
import type { Database } from '../db/database';
import type { SearchIndex } from '../services/search/types';
import { sourcePosition } from '../services/ingest/types';
import { insertDocument } from './document-rows';

interface FixtureSection {
  text: string;
  position?: Partial<SourcePosition>;
}

interface FixtureDocument {
  departmentId: number;
  name: string;
  type?: string;
  sections: FixtureSection[];
  softDelete?: boolean;
}

let counter = 0;

export async function addDocument(
  database: Database,
  index: SearchIndex,
  doc: FixtureDocument,
): Promise<number> {
  counter += 1;
  const id = await insertDocument(database, {
    name: doc.name,
    type: doc.type ?? 'pdf',
    size_bytes: doc.sections.reduce((n, s) => n + s.text.length, 0),
    sha256: `fixture-${process.pid}-${Date.now()}-${counter}`,
    department_id: doc.departmentId,
    soft_delete: doc.softDelete ? 1 : 0,
    page_count: doc.sections.length,
    chunk_count: doc.sections.length,
  });
  await index.replaceChunks(
    id,
    doc.sections.map((s, ordinal) => ({
      ordinal,
      text: s.text,
      position: sourcePosition(s.position),
    })),
  );
  return id;
}

export async function setSoftDelete(database: Database, id: number, on: boolean) {
  await database.db
    .updateTable('documents')
    .set({ soft_delete: on ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
