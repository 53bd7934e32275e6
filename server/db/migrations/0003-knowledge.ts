/**
 * Knowledge: documents (files and web addresses), their ingestion jobs and the tables
 * extracted from spreadsheets. Chunks and the full-text index come in 0004 (search service).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function knowledge(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('documents'), dialect)
        // File name as uploaded (sanitised), or the address for web entries.
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_url', 'integer', (c) => c.notNull().defaultTo(0))
        // Normalised address of web entries (null for files); unique per department, see below.
        .addColumn('url', 'text')
        // Extension for files; 'html' or 'sitemap' for addresses.
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sha256', 'text')
        // Relative to STORAGE_DIR; null until a web page has been fetched.
        .addColumn('storage_path', 'text')
        // No cascade: a department that still holds documents is not deleted by accident.
        .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('error', 'text')
        .addColumn('soft_delete', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('advanced_training', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('need_summary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('summary', 'text')
        .addColumn('page_count', 'integer')
        .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('parent_id', 'integer', (c) => c.references('documents.id').onDelete('cascade'))
        .addColumn('last_fetched_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('documents_department_list')
        .on('documents')
        .columns(['department_id', 'soft_delete', 'id'])
        .execute();
      await db.schema.createIndex('documents_parent').on('documents').column('parent_id').execute();
      // The same content twice in one department is a 409 (NULLs, i.e. web pages, never clash).
      await db.schema
        .createIndex('documents_department_sha256')
        .unique()
        .on('documents')
        .columns(['department_id', 'sha256'])
        .execute();
      // The same address added twice (not as a sitemap's page) in one department is a 409 too.
      await sql`create unique index documents_department_url on documents (department_id, url) where parent_id is null`.execute(
        db,
      );

      await withId(db.schema.createTable('ingestion_jobs'), dialect)
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('documents.id').onDelete('cascade'),
        )
        // queued -> running -> done | failed
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ingestion_jobs_claim')
        .on('ingestion_jobs')
        .columns(['state', 'run_after', 'id'])
        .execute();
      await db.schema
        .createIndex('ingestion_jobs_document')
        .on('ingestion_jobs')
        .column('document_id')
        .execute();

      await withId(db.schema.createTable('document_tables'), dialect)
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('documents.id').onDelete('cascade'),
        )
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON text: string[] and (string | number | null)[][].
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('document_tables_document')
        .on('document_tables')
        .column('document_id')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['document_tables', 'ingestion_jobs', 'documents'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
