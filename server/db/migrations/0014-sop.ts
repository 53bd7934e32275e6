/**
 * SOP repository and checklists.
 *
 * - `sop_clients`: the clients SOPs are kept for (added by first name, SPEC §7).
 * - `sop_documents`: one SOP in a department; `archived_at` set while it is in the archive.
 * - `sop_files`: the SOP's files — kind 'sop' (the current one has `replaced_at` null, earlier
 *   ones are its history, newest version highest) and kind 'reference'. The SOP's extracted
 *   text with page numbers is kept as JSON, so checklists are generated without re-reading.
 * - `sop_checklists`: one checklist generated from an SOP for a shipment; the SOP may be deleted
 *   later: the checklist stays. `sop_checklist_data`: its items (and what was left out, with
 *   the reason) as JSON, apart so that listing 100,000 checklists reads narrow rows.
 * - `sop_checklist_versions`: every save, who made it, when, and what changed.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function sop(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('sop_clients'), dialect)
        .addColumn('first_name', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sop_documents'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull().references('sop_clients.id'))
        .addColumn('industry', 'text', (c) => c.notNull())
        .addColumn('product_type', 'text', (c) => c.notNull())
        .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requirement_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('archived_at', 'text')
        .addColumn('archive_comment', 'text')
        .addColumn('archived_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sop_documents_list')
        .on('sop_documents')
        .columns(['department_id', 'archived_at', 'id'])
        .execute();

      await withId(db.schema.createTable('sop_files'), dialect)
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('sop_documents.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'varchar(10)', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('storage_path', 'text', (c) => c.notNull())
        .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
        // JSON text: [{ text, page, heading }] for kind 'sop'; null for references.
        .addColumn('sections_json', 'text')
        // JSON text: the SOP's requirements found by the built-in extractor, and by the model
        // (kept on first use, so the same SOP and inputs always give the same checklist).
        .addColumn('requirements_json', 'text')
        .addColumn('llm_requirements_json', 'text')
        .addColumn('replaced_at', 'text')
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sop_files_document')
        .on('sop_files')
        .columns(['document_id', 'kind', 'version'])
        .execute();

      await withId(db.schema.createTable('sop_checklists'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sop_document_id', 'integer', (c) =>
          c.references('sop_documents.id').onDelete('set null'),
        )
        .addColumn('sop_name', 'text', (c) => c.notNull())
        .addColumn('client_name', 'text', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addColumn('from_location', 'varchar(2)', (c) => c.notNull())
        .addColumn('to_location', 'varchar(2)', (c) => c.notNull())
        .addColumn('shipment_mode', 'varchar(8)', (c) => c.notNull())
        .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('engine', 'varchar(8)', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sop_checklists_list')
        .on('sop_checklists')
        .columns(['department_id', 'id'])
        .execute();
      await db.schema
        .createIndex('sop_checklists_sop')
        .on('sop_checklists')
        .column('sop_document_id')
        .execute();
      // The list's filters (100,000 checklists, p95 < 50 ms): each with id for the list's order;
      // mode with destination, the commonest pair; the date range covered for its count.
      const indexes: [string, string[]][] = [
        ['status', ['status', 'id']],
        ['mode_to', ['shipment_mode', 'to_location', 'id']],
        ['from', ['from_location', 'id']],
        ['to', ['to_location', 'id']],
        ['dates', ['end_date', 'start_date', 'id']],
        // A name search scans this narrow index for its count, not the table.
        ['name', ['name']],
      ];
      for (const [name, columns] of indexes)
        await db.schema
          .createIndex(`sop_checklists_${name}`)
          .on('sop_checklists')
          .columns(columns)
          .execute();
      // The items live apart, so the list's scans read narrow rows.
      await db.schema
        .createTable('sop_checklist_data')
        .addColumn('checklist_id', 'integer', (c) =>
          c.primaryKey().references('sop_checklists.id').onDelete('cascade'),
        )
        // JSON text: { items: ChecklistItem[], excluded: ExcludedItem[] }.
        .addColumn('data_json', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sop_checklist_versions'), dialect)
        .addColumn('checklist_id', 'integer', (c) =>
          c.notNull().references('sop_checklists.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (c) => c.notNull())
        // JSON text: [{ item, field, old, new }].
        .addColumn('changes_json', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sop_checklist_versions_checklist')
        .on('sop_checklist_versions')
        .columns(['checklist_id', 'version'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'sop_checklist_versions',
        'sop_checklist_data',
        'sop_checklists',
        'sop_files',
        'sop_documents',
        'sop_clients',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
