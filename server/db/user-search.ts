/**
 * The users list's substring search, through the index migration 0006 made for it: the FTS5
 * trigram table `users_search` on SQLite, the pg_trgm index on PostgreSQL over the searched text.
 */
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DialectName } from './database';

/** pg_trgm indexes runs of 3 characters; shorter patterns cannot use the index. */
const TRIGRAM_LENGTH = 3;

/**
 * Users (`users as u`) whose searched text is `like` (a lower-cased pattern, passed as a value).
 * PostgreSQL's expression repeats the index's (0006's USER_SEARCH_TEXT) verbatim, or the index
 * would not serve it.
 */
export function usersMatching(dialect: DialectName, like: string): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`lower(u.username || ' ' || u.email || ' ' || u.first_name || ' ' || u.last_name) like ${like}`
    : sql<SqlBool>`u.id in (select rowid from users_search where text like ${like})`;
}

/**
 * Whether a search for `search` should be read from PostgreSQL's trigram index rather than by
 * walking the users in order: PostgreSQL guesses 1% of users for any LIKE pattern, so for a rare
 * search it walks the primary key in order and filters all 100,000 rows (~90 ms). Ordering by an
 * expression the key cannot serve makes it take the index's few matches and sort them (~1 ms).
 * Patterns under 3 letters have no trigrams; there the ordered walk stops early.
 */
export function searchesByTrigrams(dialect: DialectName, search: string | undefined): boolean {
  return dialect === 'postgres' && (search?.length ?? 0) >= TRIGRAM_LENGTH;
}
