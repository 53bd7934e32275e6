/**
 * Writing a chunk's analysed terms, the same on both databases: the columns `language`,
 * `terms`, `label_terms`, `term_count` and `analysis`, which SQLite's FTS5 table indexes
 * through its triggers; on PostgreSQL also the tsvector, built from the terms as they are
 * (array_to_tsvector: no parser, no second stemming), the text's terms weighted A and the
 * label's B. Also (re)analyses the chunks stored before the analysis they carry.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import { perDialect } from '../../db/dialect';
import { analyseDocumentChunks, ANALYSIS_VERSION, type AnalysedChunk } from './analysed-chunks';

/** The column values of an analysed chunk. */
export const termColumns = (a: AnalysedChunk) => ({
  language: a.language,
  terms: a.terms,
  label_terms: a.labelTerms,
  term_count: a.termCount,
  analysis: ANALYSIS_VERSION,
});

const termArray = (terms: string) => (terms ? terms.split(' ') : []);

/** PostgreSQL: the tsvector of an analysed chunk. */
export const tsvectorOf = (a: Pick<AnalysedChunk, 'terms' | 'labelTerms'>) =>
  sql`setweight(array_to_tsvector(${termArray(a.terms)}::text[]), 'A') || setweight(array_to_tsvector(${termArray(a.labelTerms)}::text[]), 'B')`;

/** Documents analysed per round when stored chunks are analysed again. */
const DOCUMENTS_PER_ROUND = 50;

/**
 * Analyses every stored chunk whose terms come from an older analysis (or none), a document at
 * a time so each keeps one language prior. Run by the migration that changes the analysis;
 * `db` may be any Kysely instance over the schema (a migration's untyped one included).
 */
export async function reanalyseStoredChunks(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration's untyped instance
  db: Kysely<any>,
  dialect: DialectName,
): Promise<number> {
  let analysed = 0;
  for (;;) {
    const documents = (await db
      .selectFrom('chunks')
      .select('document_id')
      .distinct()
      .where('analysis', '<', ANALYSIS_VERSION)
      .orderBy('document_id')
      .limit(DOCUMENTS_PER_ROUND)
      .execute()) as { document_id: number }[];
    if (documents.length === 0) return analysed;
    for (const { document_id } of documents) {
      const rows = (await db
        .selectFrom('chunks')
        .select(['id', 'text', 'heading', 'sheet'])
        .where('document_id', '=', document_id)
        .orderBy('ordinal')
        .execute()) as { id: number; text: string; heading: string | null; sheet: string | null }[];
      const result = analyseDocumentChunks(
        rows.map((r) => ({
          text: r.text,
          position: {
            page: null,
            sheet: r.sheet,
            row_start: null,
            row_end: null,
            heading: r.heading,
          },
        })),
      );
      for (const [i, row] of rows.entries()) {
        const a = result.chunks[i];
        await db
          .updateTable('chunks')
          .set({
            ...termColumns(a),
            ...perDialect(dialect, { sqlite: {}, postgres: { tsv: tsvectorOf(a) } }),
          })
          .where('id', '=', row.id)
          .execute();
      }
      await db
        .updateTable('documents')
        .set({ language: result.language })
        .where('id', '=', document_id)
        .execute();
      analysed += rows.length;
    }
  }
}
