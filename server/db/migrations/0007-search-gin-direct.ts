/**
 * PostgreSQL only: the GIN index of chunk text takes new entries directly (fastupdate off).
 *
 * With GIN's default "pending list", entries written by ingestion wait in an unsorted list until
 * VACUUM merges them, and every search scans that whole list. After a burst of uploads (10,000
 * documents in bench:chat) that made the planner give up on the index: a search for a rare word
 * took 11 ms instead of 0.1 ms until autovacuum came by. Writing entries directly costs a little
 * more per chunk at ingestion, which runs in the background; searches stay fast at once.
 * Entries already pending are merged here.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function searchGinDirect(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`alter index chunks_tsv set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list('chunks_tsv'::regclass)`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`alter index chunks_tsv reset (fastupdate)`.execute(db);
    },
  };
}
