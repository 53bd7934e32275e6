/**
 * Dates are terms of their own (services/text/analysis/dates.ts: "3 July 2014", "2014-07-03" and
 * "03/07/2014" all give d20140703), so the stored chunks are analysed again: a question naming a
 * day in words then finds the rows whose date cells hold it in figures. Both databases' indexes
 * follow the terms (SQLite's FTS5 triggers, PostgreSQL's tsvector written beside them).
 */
import type { Kysely, Migration } from 'kysely';
import { reanalyseStoredChunks } from '../../services/search/chunk-terms';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function dateTerms(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await reanalyseStoredChunks(db, dialect);
    },
    // The terms of the older analysis are not kept; chunks with date terms still search alike.
    async down() {},
  };
}
