import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';

/** GET /api/health: the process answers and the database is reachable. */
export function registerHealthRoutes(api: FastifyInstance, database: Database) {
  api.get('/health', { config: { public: true } }, async () => {
    try {
      await sql`select 1`.execute(database.db);
    } catch {
      throw new AppError(503, 'INTERNAL_ERROR', 'The database is not reachable.');
    }
    return { status: 'ok', database: database.dialect };
  });
}
