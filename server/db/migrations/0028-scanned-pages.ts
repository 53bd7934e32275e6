/**
 * Scans are read with OCR in the background, a few pages per turn of the ingestion queue, so a
 * long scan never holds the queue for other uploads:
 * - `document_scanned_pages`: the pages of a document still to read with OCR (text null) or read
 *   already (text, possibly empty), kept between turns and removed when the document is ready;
 * - `documents.phase`, `phase_done`, `phase_total`: what a processing document is doing while it
 *   takes long ('ocr', pages read of pages to read), which the repository list shows.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function scannedPages(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('documents').addColumn('phase', 'text').execute();
      await db.schema.alterTable('documents').addColumn('phase_done', 'integer').execute();
      await db.schema.alterTable('documents').addColumn('phase_total', 'integer').execute();
      await db.schema
        .createTable('document_scanned_pages')
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('documents.id').onDelete('cascade'),
        )
        .addColumn('page', 'integer', (c) => c.notNull())
        // The resolution it is rendered at (within the 16-megapixel cap); 0 for an image.
        .addColumn('dpi', 'integer', (c) => c.notNull())
        .addColumn('text', 'text')
        .addPrimaryKeyConstraint('document_scanned_pages_pk', ['document_id', 'page'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('document_scanned_pages').execute();
      await db.schema.alterTable('documents').dropColumn('phase_total').execute();
      await db.schema.alterTable('documents').dropColumn('phase_done').execute();
      await db.schema.alterTable('documents').dropColumn('phase').execute();
    },
  };
}
