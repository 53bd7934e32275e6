/**
 * SQLite side of the search index: the FTS5 table of migration 0027 over the analysed terms
 * (kept in step by triggers). It supplies candidates and counts; scorer.ts ranks them.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import { analyseDocumentChunks } from './analysed-chunks';
import { fts5Query } from './query';
import { chunkRow, type CandidateRow, inDocuments, searchable } from './rows';
import { DF_BOUND } from './term-counts';

const BATCH = 500;

export async function replaceChunksSqlite(
  database: Database,
  documentId: number,
  chunks: readonly Chunk[],
): Promise<{ language: string }> {
  const analysed = analyseDocumentChunks(chunks);
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += BATCH)
      await trx
        .insertInto('chunks')
        .values(
          chunks.slice(i, i + BATCH).map((c, j) => chunkRow(documentId, c, analysed.chunks[i + j])),
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
export async function countTermsSqlite(database: Database, terms: string[], withTotal: boolean) {
  const columns = [
    ...(withTotal
      ? [sql`(select count(*) from chunks) as n`, sql`(select avg(term_count) from chunks) as l`]
      : []),
    ...terms.map(
      (term, i) =>
        sql`(select count(*) from (select 1 from chunks_fts where chunks_fts match ${fts5Query([term])} limit ${DF_BOUND})) as ${sql.ref(`t${i}`)}`,
    ),
  ];
  if (columns.length === 0) return { df: new Map<string, number>() };
  const { rows } = await sql<Record<string, number | null>>`select ${sql.join(columns)}`.execute(
    database.db,
  );
  return {
    total: withTotal ? Number(rows[0].n) : undefined,
    avgLength: withTotal ? Number(rows[0].l ?? 0) : undefined,
    df: new Map(terms.map((term, i) => [term, Number(rows[0][`t${i}`])])),
  };
}

/** The searchable rows holding any of `forms`, by id, at most `bound`. */
export async function candidatesSqlite(
  database: Database,
  forms: readonly string[],
  departmentIds: readonly number[],
  documentIds: readonly number[] | undefined,
  bound: number,
): Promise<CandidateRow[]> {
  const { rows } = await sql<CandidateRow>`
    select c.id, c.document_id, c.terms, c.label_terms, c.language
    from chunks_fts f
    join chunks c on c.id = f.rowid
    join documents d on d.id = c.document_id
    where chunks_fts match ${fts5Query(forms)}
      ${searchable(departmentIds)}
      ${inDocuments(documentIds)}
    order by c.id
    limit ${bound}
  `.execute(database.db);
  return rows;
}
