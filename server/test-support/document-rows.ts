/**
 * Documents written straight to the database (and files straight to STORAGE_DIR) for tests of
 * what reads them - visual answers, downloads - without waiting for uploads and ingestion jobs.
 * What is under test always goes through the API.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Insertable } from 'kysely';
import { nowIso, type Database } from '../db/database';
import type { DocumentsTable } from '../db/schema';
import type { TestApp } from './test-app';

type NewDocument = Insertable<DocumentsTable>;

type DocumentFields = Pick<NewDocument, 'name' | 'type' | 'department_id'> & Partial<NewDocument>;

/**
 * The values of a `documents` row: a ready one-page file of `row.type` in `row.department_id`,
 * not stored, unless `row` says otherwise (benchmarks insert these in bulk).
 */
export function readyDocumentRow(row: DocumentFields): NewDocument {
  const now = nowIso();
  return {
    is_url: 0,
    url: null,
    size_bytes: 1,
    sha256: randomBytes(32).toString('hex'),
    storage_path: null,
    uploaded_by: null,
    status: 'ready',
    error: null,
    soft_delete: 0,
    advanced_training: 0,
    need_summary: 0,
    summary: null,
    page_count: 1,
    chunk_count: 1,
    parent_id: null,
    last_fetched_at: null,
    created_at: now,
    updated_at: now,
    ...row,
  };
}

/** Inserts a `documents` row (readyDocumentRow) and returns its id. */
export async function insertDocument(database: Database, row: DocumentFields): Promise<number> {
  const { id } = await database.db
    .insertInto('documents')
    .values(readyDocumentRow(row))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

interface TableRows {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

interface DocumentRowOptions {
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
  const id = await insertDocument(t.database, {
    name: o.name,
    is_url: o.isUrl ? 1 : 0,
    url: o.url ?? null,
    type: o.type,
    storage_path: storagePath,
    department_id: o.departmentId,
    status: o.status ?? 'ready',
    error: o.error ?? null,
    soft_delete: o.softDelete ? 1 : 0,
    parent_id: o.parentId ?? null,
  });
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
