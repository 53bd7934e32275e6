/**
 * PostgreSQL side of the search index: a tsvector per chunk built from its analysed terms as
 * they are (chunk-terms.ts: text weight A, label weight B) and a GIN index. It supplies
 * candidates and counts exactly as SQLite does (no planner estimates: both databases must give
 * the scorer the same statistics); scorer.ts ranks them.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import { analyseDocumentChunks } from './analysed-chunks';
import { tsvectorOf } from './chunk-terms';
import { tsqueryText } from './query';
import { chunkRow, type CandidateRow, inDocuments, searchable } from './rows';
import { DF_BOUND } from './term-counts';

const BATCH = 500;

export async function replaceChunksPostgres(
  database: Database,
  documentId: number,
  chunks: readonly Chunk[],
): Promise<{ language: string }> {
  const analysed = analyseDocumentChunks(chunks);
  // The tsv column exists on PostgreSQL only, so it is not part of the shared schema type.
  const db = database.db.withTables<{ chunks: { tsv: unknown } }>();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += BATCH)
      await trx
        .insertInto('chunks')
        .values(
          chunks.slice(i, i + BATCH).map((c, j) => {
            const a = analysed.chunks[i + j];
            return { ...chunkRow(documentId, c, a), tsv: tsvectorOf(a) };
          }),
        )
        .execute();
    await trx
      .updateTable('documents')
      .set({ language: analysed.language })
      .where('id', '=', documentId)
      .execute();
  });
  return { language: analysed.language };
}

/** Rows holding each term (up to DF_BOUND), and the index's rows and mean length. */
export async function countTermsPostgres(database: Database, terms: string[], withTotal: boolean) {
  const columns = [
    ...(withTotal
      ? [
          sql`(select count(*) from chunks) as n`,
          sql`(select coalesce(avg(term_count), 0) from chunks) as l`,
        ]
      : []),
    ...terms.map(
      (term, i) =>
        sql`(select count(*) from (select 1 from chunks where tsv @@ ${tsqueryText([term])}::tsquery limit ${DF_BOUND}) as s) as ${sql.ref(`t${i}`)}`,
    ),
  ];
  if (columns.length === 0) return { df: new Map<string, number>() };
  const { rows } = await sql<
    Record<string, number | string | null>
  >`select ${sql.join(columns)}`.execute(database.db);
  return {
    total: withTotal ? Number(rows[0].n) : undefined,
    avgLength: withTotal ? Number(rows[0].l ?? 0) : undefined,
    df: new Map(terms.map((term, i) => [term, Number(rows[0][`t${i}`])])),
  };
}

/** The searchable rows holding any of `forms`, by id, at most `bound`. */
export async function candidatesPostgres(
  database: Database,
  forms: readonly string[],
  departmentIds: readonly number[],
  documentIds: readonly number[] | undefined,
  bound: number,
): Promise<CandidateRow[]> {
  const { rows } = await sql<CandidateRow>`
    select c.id, c.document_id, c.terms, c.label_terms, c.language
    from chunks c
    join documents d on d.id = c.document_id
    where c.tsv @@ ${tsqueryText(forms)}::tsquery
      ${searchable(departmentIds)}
      ${inDocuments(documentIds)}
    order by c.id
    limit ${bound}
  `.execute(database.db);
  return rows;
}
