/**
 * Substring search over users (target: GET /users?search p95 < 30 ms at 100,000
 * users). A search matches anywhere in "username email first_name last_name", so no B-tree helps;
 * trigram indexes do.
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive), rowid = users.id, kept in
 *   step by triggers; `text LIKE '%term%'` on it uses the index.
 * - PostgreSQL: a GIN trigram index (pg_trgm) on the same lower-cased expression. Creating the
 *   extension needs a privilege some hosted databases withhold, so it is tried inside a savepoint:
 *   without it search still works, by scanning.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

/** The searched text of a user row; the repo's PostgreSQL query repeats it verbatim. */
const USER_SEARCH_TEXT = sql.raw(
  `lower(username || ' ' || email || ' ' || first_name || ' ' || last_name)`,
);
const searchTextOf = (row: 'new' | 'users') =>
  sql.raw(
    `${row}.username || ' ' || ${row}.email || ' ' || ${row}.first_name || ' ' || ${row}.last_name`,
  );

export function userSearch(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`savepoint user_search`.execute(db);
        try {
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
          await sql`create index users_search_trgm on users
            using gin ((${USER_SEARCH_TEXT}) public.gin_trgm_ops)`.execute(db);
          await sql`release savepoint user_search`.execute(db);
        } catch {
          await sql`rollback to savepoint user_search`.execute(db);
        }
        return;
      }
      await sql`create virtual table users_search using fts5(text, tokenize = 'trigram')`.execute(
        db,
      );
      await sql`insert into users_search (rowid, text) select id, ${searchTextOf('users')} from users`.execute(
        db,
      );
      await sql`create trigger users_search_insert after insert on users begin
        insert into users_search (rowid, text) values (new.id, ${searchTextOf('new')});
      end`.execute(db);
      await sql`create trigger users_search_update
        after update of username, email, first_name, last_name on users begin
        delete from users_search where rowid = old.id;
        insert into users_search (rowid, text) values (new.id, ${searchTextOf('new')});
      end`.execute(db);
      await sql`create trigger users_search_delete after delete on users begin
        delete from users_search where rowid = old.id;
      end`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`drop index if exists users_search_trgm`.execute(db);
        return;
      }
      for (const trigger of ['users_search_insert', 'users_search_update', 'users_search_delete'])
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      await sql`drop table if exists users_search`.execute(db);
    },
  };
}
