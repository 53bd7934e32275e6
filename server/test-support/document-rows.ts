/**
 * Documents written straight to the database (and files straight to STORAGE_DIR) for tests of
 * what reads them - visual answers, downloads - without waiting for uploads and ingestion jobs.
 * What is under test always goes through the API.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nowIso } from '../db/database';
import type { DocumentsTable } from '../db/schema';
import type { TestApp } from './test-app';

export interface TableRows {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

export interface DocumentRowOptions {
  departmentId: number;
  name: string;
  type: string;
  status?: DocumentsTable['status'];
  softDelete?: boolean;
  isUrl?: boolean;
  url?: string | null;
  /** A file to copy into storage as this document's stored file. */
  file?: string;
  tables?: TableRows[];
  parentId?: number | null;
  error?: string | null;
}

export async function addDocumentRow(t: TestApp, o: DocumentRowOptions): Promise<number> {
  let storagePath: string | null = null;
  if (o.file) {
    const name = randomBytes(16).toString('hex');
    storagePath = join('files', name.slice(0, 2), `${name}.${o.type}`);
    const target = join(t.config.storageDir, storagePath);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(o.file, target);
  }
  const now = nowIso();
  const { id } = await t.database.db
    .insertInto('documents')
    .values({
      name: o.name,
      is_url: o.isUrl ? 1 : 0,
      url: o.url ?? null,
      type: o.type,
      size_bytes: 1,
      sha256: randomBytes(32).toString('hex'),
      storage_path: storagePath,
      department_id: o.departmentId,
      uploaded_by: null,
      status: o.status ?? 'ready',
      error: o.error ?? null,
      soft_delete: o.softDelete ? 1 : 0,
      advanced_training: 0,
      need_summary: 0,
      summary: null,
      page_count: 1,
      chunk_count: 1,
      parent_id: o.parentId ?? null,
      last_fetched_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let ordinal = 0;
  for (const table of o.tables ?? [])
    await t.database.db
      .insertInto('document_tables')
      .values({
        document_id: id,
        ordinal: ordinal++,
        name: table.name,
        columns: JSON.stringify(table.columns),
        rows: JSON.stringify(table.rows),
      })
      .execute();
  return id;
}

/** A sheet with categories, months and two numbers, for chart tests. */
export const SALES_TABLE: TableRows = {
  name: 'Sales',
  columns: ['Region', 'Month', 'Revenue', 'Units'],
  rows: [
    ['North', '2024-01', 1200, 10],
    ['South', '2024-01', 800, 7],
    ['North', '2024-02', 1500, 12],
    ['East', '2024-02', 400, 3],
    ['West', '2024-03', '2,100', 15],
    ['South', '2024-03', 650, 5],
  ],
};
