/**
 * Sorted lists: the users list sorted by name walks this index instead of sorting
 * every user for each page (100,000 users on PostgreSQL). The expressions are those of the
 * users repo's name order; e-mail order already has the e-mail's unique index.
 */
import { type Kysely, type Migration, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function listSortIndexes(): Migration {
  return {
    async up(db: AnyDb) {
      await sql`create index users_name_order on users (lower(first_name), lower(last_name), id)`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await sql`drop index if exists users_name_order`.execute(db);
    },
  };
}
