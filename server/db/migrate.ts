import { Migrator, sql } from 'kysely';
import { reanalyseStoredChunks } from '../services/search/chunk-terms';
import type { Database } from './database';
import { allMigrations } from './migrations';

/**
 * On PostgreSQL the migration bookkeeping tables are pinned to the current schema: Kysely
 * otherwise looks for them in every schema and is fooled by another app's (or test's) copy.
 */
async function bookkeepingSchema({ db, dialect }: Database): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Applies pending migrations; throws with the failing migration's name. Then brings the search
 * index's stored terms up to the current text analysis: a passage analysed by an older one (its
 * `analysis` below ANALYSIS_VERSION) is analysed again, so a better analysis reaches the
 * documents already uploaded without a migration of its own (a no-op when nothing is older).
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => allMigrations(database.dialect) },
    migrationTableSchema: await bookkeepingSchema(database),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Database migration failed${where}: ${String(error)}`, { cause: error });
  }
  await reanalyseStoredChunks(database.db, database.dialect);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
