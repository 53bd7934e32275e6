/**
 * The chunk index behind one interface: SQLite FTS5 by default, PostgreSQL full-text search.
 * Either database only supplies candidates (the passages holding the question's terms) and
 * counts; scorer.ts ranks them, so both give the same passages in the same order.
 */
import type { Database } from '../../db/database';
import { perDialect } from '../../db/dialect';
import { countTermsPostgres, candidatesPostgres, replaceChunksPostgres } from './postgres-index';
import { CANDIDATE_BOUND, formsOf, rareGroups } from './query';
import { questionGroups } from './question-groups';
import { hitsOf } from './rows';
import { createScorer, groupDf } from './scorer';
import { countTermsSqlite, candidatesSqlite, replaceChunksSqlite } from './sqlite-index';
import { cachedTermCounts, forgetTermCounts } from './term-counts';
import type { SearchHit, SearchIndex, SearchQuery, TermGroup, TermStats } from './types';

const MAX_SEARCH_LIMIT = 200;

/** How long the corpus's languages are kept before they are read again. */
const LANGUAGES_LIFETIME_MS = 30_000;

export function createSearchIndex(database: Database): SearchIndex {
  const { countTerms, candidatesOf, replaceChunks } = perDialect(database.dialect, {
    sqlite: {
      countTerms: countTermsSqlite,
      candidatesOf: candidatesSqlite,
      replaceChunks: replaceChunksSqlite,
    },
    postgres: {
      countTerms: countTermsPostgres,
      candidatesOf: candidatesPostgres,
      replaceChunks: replaceChunksPostgres,
    },
  });
  let languages: { list: string[]; at: number } | null = null;

  const termStats = async (terms: readonly string[]): Promise<TermStats> =>
    cachedTermCounts(database, [...new Set(terms)], (missing, withTotal) =>
      countTerms(database, missing, withTotal),
    );

  async function corpusLanguages(): Promise<string[]> {
    if (languages && languages.at > Date.now() - LANGUAGES_LIFETIME_MS) return languages.list;
    const rows = await database.db
      .selectFrom('chunks')
      .select(['language', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('language')
      .execute();
    const list = rows
      .sort((a, b) => Number(b.n) - Number(a.n) || a.language.localeCompare(b.language))
      .map((r) => r.language);
    languages = { list, at: Date.now() };
    return list;
  }

  async function groupsOf(query: SearchQuery): Promise<readonly TermGroup[]> {
    if (query.groups) return query.groups;
    return questionGroups(query.text ?? '', await corpusLanguages()).groups;
  }

  return {
    async replaceChunks(documentId, chunks) {
      const result = await replaceChunks(database, documentId, chunks);
      forgetTermCounts(database);
      languages = null;
      return result;
    },

    async removeDocument(documentId) {
      // Triggers (SQLite) and the column (PostgreSQL) take the index entries with the rows.
      await database.db.deleteFrom('chunks').where('document_id', '=', documentId).execute();
      forgetTermCounts(database);
      languages = null;
    },

    async search(query): Promise<SearchHit[]> {
      const limit = Math.min(Math.max(Math.trunc(query.limit), 0), MAX_SEARCH_LIMIT);
      if (query.departmentIds.length === 0 || limit === 0) return [];
      if (query.documentIds && query.documentIds.length === 0) return [];
      const all = (await groupsOf(query)).filter((g) => g.forms.length > 0);
      if (all.length === 0) return [];
      const stats = await termStats(formsOf(all));
      const groups = all.filter((g) => groupDf(g, stats) > 0);
      if (groups.length === 0) return [];
      const read = (chosen: readonly TermGroup[]) =>
        candidatesOf(
          database,
          formsOf(chosen),
          query.departmentIds,
          query.documentIds,
          CANDIDATE_BOUND,
        );
      const rare = rareGroups(
        groups,
        groups.map((g) => groupDf(g, stats)),
      );
      let rows = rare ? await read(rare) : [];
      if (!rare || rows.length < limit) rows = await read(groups);
      const scorer = createScorer(groups, stats);
      const scored = rows
        .map((row) => {
          const passage = {
            terms: row.terms ? row.terms.split(' ') : [],
            labelTerms: row.label_terms ? row.label_terms.split(' ') : [],
          };
          return { row, score: scorer.score(passage) };
        })
        .sort((a, b) => b.score - a.score || Number(a.row.id) - Number(b.row.id))
        .slice(0, limit);
      return hitsOf(database, scored);
    },

    termStats,
    corpusLanguages,
  };
}

export type * from './types';
