/** Whether this process can serve: it answers, and the database does. */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';

export function createHealthCheck(database: Database) {
  return {
    async check() {
      try {
        await sql`select 1`.execute(database.db);
      } catch {
        throw new AppError(503, 'INTERNAL_ERROR', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: database.dialect };
    },
  };
}

export type HealthCheck = ReturnType<typeof createHealthCheck>;
