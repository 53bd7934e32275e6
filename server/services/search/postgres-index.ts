/**
 * PostgreSQL side of the search index: a tsvector per chunk (text weight A, heading/sheet
 * weight B) computed from diacritic-free text, a GIN index, websearch_to_tsquery (never a
 * syntax error) and ts_rank_cd. 'english' stems like SQLite's porter tokenizer, so both
 * databases find "invoices" for "invoice".
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import { foldText, searchTerms, websearchQuery } from './query';
import { chunkRow, contextOf, hitOf, type HitRow, searchable, topChunks } from './rows';
import type { SearchHit, SearchQuery } from './types';

const BATCH = 500;

/**
 * PostgreSQL's parser reads "-1009" in "Falcon-1009" (or "-05" in a date) as a signed number,
 * so the index would hold '-1009' while a question's term is '1009'. A hyphen before a digit is
 * indexed as a space, as SQLite's unicode61 tokenizer does.
 */
export function postgresIndexText(text: string): string {
  return foldText(text).replace(/-(?=\p{N})/gu, ' ');
}

export async function replaceChunksPostgres(
  database: Database,
  documentId: number,
  chunks: readonly Chunk[],
): Promise<void> {
  // The tsv column exists on PostgreSQL only, so it is not part of the shared schema type.
  const db = database.db.withTables<{ chunks: { tsv: unknown } }>();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).execute();
    for (let i = 0; i < chunks.length; i += BATCH)
      await trx
        .insertInto('chunks')
        .values(
          chunks.slice(i, i + BATCH).map((c) => ({
            ...chunkRow(documentId, c),
            tsv: sql`setweight(to_tsvector('english', ${postgresIndexText(c.text)}), 'A') || setweight(to_tsvector('english', ${postgresIndexText(contextOf(c))}), 'B')`,
          })),
        )
        .execute();
  });
}

/** Rows each term matches (up to a bound; beyond it a term is simply "frequent"). */
const DF_BOUND = 20_000;

async function termWeights(database: Database, terms: string[]) {
  const counts = terms.map(
    (term, i) =>
      sql`(select count(*) from (select 1 from chunks where tsv @@ plainto_tsquery('english', ${term}) limit ${DF_BOUND}) as s) as ${sql.ref(`t${i}`)}`,
  );
  const { rows } = await sql<Record<string, string | number>>`
    select greatest((select reltuples from pg_class where oid = 'chunks'::regclass), 1) as n,
           ${sql.join(counts)}
  `.execute(database.db);
  const row = rows[0];
  return terms.map((term, i) => {
    const df = Number(row[`t${i}`]);
    const n = Math.max(Number(row.n), df, 1);
    // BM25's inverse document frequency, kept positive for terms in most rows.
    return { term, df, n, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
  });
}

/** Chunks in the index (the planner's estimate) and, per word, the chunks holding it. */
export async function termStatsPostgres(database: Database, words: readonly string[]) {
  const folded = words.map((w) => searchTerms(w).join(' '));
  const known = [...new Set(folded.filter(Boolean))];
  const stats = known.length ? await termWeights(database, known) : [];
  const byTerm = new Map(stats.map((s) => [s.term, s.df]));
  const total = stats[0]?.n ?? 1;
  return { total, df: new Map(words.map((w, i) => [w, byTerm.get(folded[i]) ?? 0])) };
}

/**
 * ts_rank_cd knows no document frequencies, so "the meeting" would outrank "narwhal": the score
 * is the sum of the inverse document frequencies of the terms a chunk holds (as bm25 weighs
 * them), with ts_rank_cd (frequency, proximity, heading weight) breaking ties.
 */
export async function searchPostgres(
  database: Database,
  query: SearchQuery,
  terms: string[],
): Promise<SearchHit[]> {
  const weights = (await termWeights(database, terms)).filter((w) => w.df > 0);
  if (weights.length === 0) return [];
  const documentFilter = query.documentIds
    ? sql`and c.document_id in (${sql.join(query.documentIds.map((id) => sql`${id}`))})`
    : sql``;
  // Each term's tsquery is built once (in q), not once per row.
  const termQueries = sql.join(
    weights.map((w, i) => sql`plainto_tsquery('english', ${w.term}) as ${sql.ref(`q${i}`)}`),
  );
  const idfSum = sql.join(
    weights.map(
      (w, i) => sql`case when c.tsv @@ q.${sql.ref(`q${i}`)} then ${w.idf}::float8 else 0 end`,
    ),
    sql` + `,
  );
  const { rows } = await sql<HitRow>`
    with q as (
      select websearch_to_tsquery('english', ${websearchQuery(weights.map((w) => w.term))}) as query,
             ${termQueries}
    ),
    top as (
      select c.id, (${idfSum}) + 0.5 * ts_rank_cd(c.tsv, q.query) as score
      from q, chunks c
      join documents d on d.id = c.document_id
      where c.tsv @@ q.query
        ${searchable(query.departmentIds)}
        ${documentFilter}
      order by score desc, c.id
      limit ${query.limit}
    )
    ${topChunks}
  `.execute(database.db);
  return rows.map(hitOf);
}
