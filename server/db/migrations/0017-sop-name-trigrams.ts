/**
 * The checklists' name search on PostgreSQL (target: list p95 < 50 ms at 100,000 checklists):
 * `lower(name) like '%…%'` read every row there (p95 117 ms in bench:sop); a trigram index
 * answers it. pg_trgm ships with PostgreSQL and is a trusted extension (a database owner may
 * create it); where it is not available, the search keeps working, unindexed. SQLite's search
 * stays as it is (26 ms there).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function sopNameTrigrams(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if (rows[0].n === 0) return;
      // In public, whatever the search_path: the extension is one per database, and a schema
      // dropped later must not take it along. Two schemas migrating at once take turns.
      await sql`select pg_advisory_xact_lock(725001)`.execute(db);
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`create index sop_checklists_name_trgm on sop_checklists using gin (lower(name) public.gin_trgm_ops)`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres')
        await sql`drop index if exists sop_checklists_name_trgm`.execute(db);
    },
  };
}
