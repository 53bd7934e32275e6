/**
 * PostgreSQL side of the search index: a tsvector per chunk (text weight A, heading/sheet
 * weight B) computed from diacritic-free text, a GIN index, websearch_to_tsquery (never a
 * syntax error) and ts_rank. 'english' stems like SQLite's porter tokenizer, so both
 * databases find "invoices" for "invoice".
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Chunk } from '../ingest/types';
import { CANDIDATE_CAP, foldText, rankRareFirst, searchTerms, websearchQuery } from './query';
import { chunkRow, contextOf, hitOf, type HitRow, searchable, topChunks } from './rows';
import { cachedTermCounts, DF_BOUND, forgetTermCounts } from './term-counts';
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
  forgetTermCounts(database);
}

/**
 * Each term's document frequency. Counting the rows of a frequent term ("table" in a database
 * manual) reads thousands of rows per question, so a term that ANALYZE (autovacuum) found in
 * more than CANDIDATE_CAP rows, among the column's most common elements in pg_stats, takes its
 * count from there; the others are counted, so a rare term's count is never stale. Before the
 * first ANALYZE every term is counted.
 */
async function countTerms(database: Database, terms: string[]) {
  const total = sql<{
    n: string | number;
  }>`select greatest((select reltuples from pg_class where oid = 'chunks'::regclass), 1) as n`;
  if (terms.length === 0) {
    const { rows } = await total.execute(database.db);
    return { total: Number(rows[0]?.n ?? 1), rows: [] };
  }
  const { rows } = await sql<{ term: string; df: string | number; n: string | number }>`
    with stats as (
      select e.lexeme, s.most_common_elem_freqs[e.i] as freq
      from pg_stats s,
           unnest(s.most_common_elems::text::text[]) with ordinality as e(lexeme, i)
      where s.schemaname = current_schema() and s.tablename = 'chunks' and s.attname = 'tsv'
    ),
    n as (${total}),
    asked as (
      select t.term, t.i, plainto_tsquery('english', t.term) as query,
             -- A term of several lexemes ("max connections" from max_connections) is counted.
             case when array_length(tsvector_to_array(to_tsvector('english', t.term)), 1) = 1
                  then (tsvector_to_array(to_tsvector('english', t.term)))[1] end as lexeme
      from unnest(${sql.val(terms)}::text[]) with ordinality as t(term, i)
    )
    select a.term, n.n,
           case when st.freq * n.n > ${CANDIDATE_CAP} then round(st.freq * n.n)
                else (select count(*) from (select 1 from chunks
                      where tsv @@ a.query limit ${DF_BOUND}) as s) end as df
    from asked a cross join n left join stats st on st.lexeme = a.lexeme
    order by a.i
  `.execute(database.db);
  return {
    total: Number(rows[0]?.n ?? 1),
    rows: rows.map((row) => ({ term: row.term, df: Number(row.df) })),
  };
}

interface TermWeight {
  term: string;
  df: number;
  n: number;
  idf: number;
}

async function termWeights(database: Database, terms: string[]): Promise<TermWeight[]> {
  const counts = await cachedTermCounts(database, terms, async (missing) => {
    const found = await countTerms(database, missing);
    return { total: found.total, df: new Map(found.rows.map((f) => [f.term, f.df])) };
  });
  return terms.map((term) => {
    const df = counts.df.get(term) ?? 0;
    const n = Math.max(counts.total, df, 1);
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

async function ranked(
  database: Database,
  query: SearchQuery,
  weights: readonly TermWeight[],
  candidates: string[] | null,
): Promise<SearchHit[]> {
  const documentFilter = query.documentIds
    ? sql`and c.document_id in (${sql.join(query.documentIds.map((id) => sql`${id}`))})`
    : sql``;
  const all = websearchQuery(weights.map((w) => w.term));
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
      select websearch_to_tsquery('english', ${all}) as query,
             websearch_to_tsquery('english', ${candidates ? websearchQuery(candidates) : all}) as candidates,
             ${termQueries}
    ),
    top as (
      select c.id, (${idfSum}) + 0.5 * ts_rank(c.tsv, q.query) as score
      from q, chunks c
      join documents d on d.id = c.document_id
      where c.tsv @@ q.candidates
        ${searchable(query.departmentIds)}
        ${documentFilter}
      order by score desc, c.id
      limit ${query.limit}
    )
    ${topChunks}
  `.execute(database.db);
  return rows.map(hitOf);
}

/**
 * ts_rank knows no document frequencies, so "the meeting" would outrank "narwhal": the score
 * is the sum of the inverse document frequencies of the terms a chunk holds (as bm25 weighs
 * them), with ts_rank (frequency, heading weight) breaking ties. ts_rank_cd, which adds
 * proximity, cost 27 of 48 ms on 5,800 matching rows; the answer ranks proximity itself. Only
 * the rarer terms' rows are ranked first, as on SQLite (rankRareFirst).
 */
export async function searchPostgres(
  database: Database,
  query: SearchQuery,
  terms: string[],
): Promise<SearchHit[]> {
  const weights = (await termWeights(database, terms)).filter((w) => w.df > 0);
  if (weights.length === 0) return [];
  return rankRareFirst(
    weights.map((w) => w.term),
    weights.map((w) => w.df),
    query.limit,
    (candidates) => ranked(database, query, weights, candidates),
  );
}
