/**
 * SQL of the OCR phase: the pages of a document still to read with OCR, the text of those read,
 * and the document's progress (pages read of pages to read), kept between the queue's turns.
 */
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ScannedPage } from '../../services/ingest/types';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 200;

export function createScannedPagesRepo(db: Kysely<DB>) {
  return {
    /** The pages to read, none read yet; the document shows 0 of them. */
    async start(documentId: number, pages: readonly ScannedPage[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('document_scanned_pages')
          .where('document_id', '=', documentId)
          .execute();
        for (let i = 0; i < pages.length; i += BATCH)
          await trx
            .insertInto('document_scanned_pages')
            .values(
              pages.slice(i, i + BATCH).map((p) => ({
                document_id: documentId,
                page: p.page,
                dpi: p.dpi,
                text: null,
              })),
            )
            .execute();
        await trx
          .updateTable('documents')
          .set({ phase: 'ocr', phase_done: 0, phase_total: pages.length, updated_at: nowIso() })
          .where('id', '=', documentId)
          .execute();
      });
    },

    /** The first page not read yet, if any. */
    async next(documentId: number): Promise<ScannedPage | undefined> {
      return db
        .selectFrom('document_scanned_pages')
        .select(['page', 'dpi'])
        .where('document_id', '=', documentId)
        .where('text', 'is', null)
        .orderBy('page')
        .limit(1)
        .executeTakeFirst();
    },

    /** A page's text, and the document's count of pages read. */
    async save(documentId: number, page: number, text: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('document_scanned_pages')
          .set({ text })
          .where('document_id', '=', documentId)
          .where('page', '=', page)
          .execute();
        const { read } = await trx
          .selectFrom('document_scanned_pages')
          .select((eb) => eb.fn.countAll<number | string>().as('read'))
          .where('document_id', '=', documentId)
          .where('text', 'is not', null)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('documents')
          .set({ phase_done: Number(read), updated_at: nowIso() })
          .where('id', '=', documentId)
          .execute();
      });
    },

    /** The pages read so far with their text. */
    read(documentId: number): Promise<{ page: number; text: string }[]> {
      return db
        .selectFrom('document_scanned_pages')
        .select(['page', 'text'])
        .where('document_id', '=', documentId)
        .where('text', 'is not', null)
        .orderBy('page')
        .execute()
        .then((rows) => rows.map((r) => ({ page: r.page, text: r.text ?? '' })));
    },

    /** The phase is over (ready, failed): its pages go and the document shows no progress. */
    async clear(documentId: number, trx: Db = db): Promise<void> {
      await trx
        .deleteFrom('document_scanned_pages')
        .where('document_id', '=', documentId)
        .execute();
      await trx
        .updateTable('documents')
        .set({ phase: null, phase_done: null, phase_total: null })
        .where('id', '=', documentId)
        .execute();
    },
  };
}

export type ScannedPagesRepo = ReturnType<typeof createScannedPagesRepo>;
