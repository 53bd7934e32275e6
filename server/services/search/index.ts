/** The chunk index behind one interface: SQLite FTS5 by default, PostgreSQL full-text search. */
import type { Database } from '../../db/database';
import { replaceChunksPostgres, searchPostgres, termStatsPostgres } from './postgres-index';
import { searchTerms } from './query';
import { replaceChunksSqlite, searchSqlite, termStatsSqlite } from './sqlite-index';
import { forgetTermCounts } from './term-counts';
import type { SearchIndex } from './types';

export const MAX_SEARCH_LIMIT = 200;

export function createSearchIndex(database: Database): SearchIndex {
  const postgres = database.dialect === 'postgres';
  return {
    replaceChunks: (documentId, chunks) =>
      postgres
        ? replaceChunksPostgres(database, documentId, chunks)
        : replaceChunksSqlite(database, documentId, chunks),

    async removeDocument(documentId) {
      // Triggers (SQLite) and the column (PostgreSQL) take the index entries with the rows.
      await database.db.deleteFrom('chunks').where('document_id', '=', documentId).execute();
      forgetTermCounts(database);
    },

    async search(query) {
      const terms = searchTerms(query.text);
      const limit = Math.min(Math.max(Math.trunc(query.limit), 0), MAX_SEARCH_LIMIT);
      if (terms.length === 0 || query.departmentIds.length === 0 || limit === 0) return [];
      if (query.documentIds && query.documentIds.length === 0) return [];
      const q = { ...query, limit };
      return postgres ? searchPostgres(database, q, terms) : searchSqlite(database, q, terms);
    },

    termStats: (words) =>
      postgres ? termStatsPostgres(database, words) : termStatsSqlite(database, words),
  };
}

export { foldText, searchTerms } from './query';
export type * from './types';
