/**
 * SQLite FTS5 side of the search index (table and triggers in migration 0004-search).
 *
 * bm25 costs a few microseconds per matching row (it reads each row's length), so a question
 * with one frequent word would rank thousands of rows: only the rarer terms' rows are ranked
 * first (rankRareFirst in query.ts).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import { fts5Query, rankRareFirst, searchTerms } from './query';
import { chunkRow, hitOf, type HitRow, searchable, topChunks } from './rows';
import { cachedTermCounts, DF_BOUND, forgetTermCounts } from './term-counts';
import type { SearchHit, SearchQuery } from './types';

const BATCH = 500;

export async function replaceChunksSqlite(
  database: Database,
  documentId: number,
  chunks: readonly Chunk[],
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += BATCH)
      await trx
        .insertInto('chunks')
        .values(chunks.slice(i, i + BATCH).map((c) => chunkRow(documentId, c)))
        .execute();
  });
  forgetTermCounts(database);
}

/** Rows in the index and rows holding each term, counted up to DF_BOUND (cheap: no ranking). */
function termCounts(database: Database, terms: readonly string[]) {
  return cachedTermCounts(database, terms, async (missing, withTotal) => {
    const columns = [
      ...(withTotal ? [sql`(select count(*) from chunks) as n`] : []),
      ...missing.map(
        (term, i) =>
          sql`(select count(*) from (select 1 from chunks_fts where chunks_fts match ${fts5Query([term])} limit ${DF_BOUND})) as ${sql.ref(`t${i}`)}`,
      ),
    ];
    const { rows } = await sql<Record<string, number>>`select ${sql.join(columns)}`.execute(
      database.db,
    );
    return {
      total: withTotal ? Number(rows[0].n) : undefined,
      df: new Map(missing.map((term, i) => [term, Number(rows[0][`t${i}`])])),
    };
  });
}

/** Chunks in the index and, per word, the chunks holding it (up to DF_BOUND). */
export async function termStatsSqlite(database: Database, words: readonly string[]) {
  const folded = words.map((w) => searchTerms(w).join(' '));
  const counts = await termCounts(database, [...new Set(folded.filter(Boolean))]);
  return {
    total: counts.total,
    df: new Map(words.map((w, i) => [w, counts.df.get(folded[i]) ?? 0])),
  };
}

/**
 * MATCH expressions whose rows together are the rows to rank. With `candidates` (the rarer
 * terms), the rows holding one of them: those that also hold another term, and those that hold
 * no other. Each term is in each expression once, so bm25 scores a row as the plain OR of all
 * terms would; but FTS5 only walks the frequent terms' lists where a rare term is, which made a
 * question naming a code and "project" three times faster (bench:widget).
 *
 * `weighed` are the other terms that can move a score: bm25 first counts every row of each term
 * in the expression, and a term in half the rows or more weighs nothing (FTS5 floors its idf at
 * 1e-6), so counting it was the largest part of ranking a question like "Who is the lead of
 * project X?" — and left the order as it was (600 of 600 bench questions, scores within 1e-5).
 */
function matchExpressions(candidates: string[] | null, terms: string[], weighed: string[]) {
  if (!candidates) return [fts5Query(terms)];
  const rare = fts5Query(candidates);
  if (weighed.length === 0) return [rare];
  const others = fts5Query(weighed);
  return [`(${rare}) AND (${others})`, `(${rare}) NOT (${others})`];
}

async function ranked(
  database: Database,
  query: SearchQuery,
  terms: string[],
  candidates: string[] | null,
  weighed: string[] = [],
): Promise<SearchHit[]> {
  const inDocuments: RawBuilder<unknown> = query.documentIds
    ? sql`and c.document_id in (${sql.join(query.documentIds.map((id) => sql`${id}`))})`
    : sql``;
  // bm25 is lower-is-better; the text column counts 1, the heading/sheet context 0.4.
  const matched = sql.join(
    matchExpressions(candidates, terms, weighed).map(
      (expression) =>
        sql`select rowid, -bm25(chunks_fts, 1.0, 0.4) as score from chunks_fts where chunks_fts match ${expression}`,
    ),
    sql` union all `,
  );
  // Rank ids first, then read the text of the winners only.
  const { rows } = await sql<HitRow>`
    with top as (
      select c.id, f.score
      from (${matched}) f
      join chunks c on c.id = f.rowid
      join documents d on d.id = c.document_id
      where 1 = 1
        ${searchable(query.departmentIds)}
        ${inDocuments}
      order by f.score desc, c.id
      limit ${query.limit}
    )
    ${topChunks}
  `.execute(database.db);
  return rows.map(hitOf);
}

export async function searchSqlite(
  database: Database,
  query: SearchQuery,
  terms: string[],
): Promise<SearchHit[]> {
  if (terms.length < 2) return ranked(database, query, terms, null);
  const counts = await termCounts(database, terms);
  const df = (t: string) => counts.df.get(t) ?? 0;
  // A count is a lower bound (DF_BOUND), so a term found in half the rows is in at least half.
  const weighs = (t: string) => counts.total === 0 || df(t) * 2 < counts.total;
  return rankRareFirst(terms, terms.map(df), query.limit, (candidates) =>
    ranked(
      database,
      query,
      terms,
      candidates,
      candidates ? terms.filter((t) => !candidates.includes(t) && weighs(t)) : [],
    ),
  );
}
