/**
 * Request counts in fixed windows, shared by every server process: the widget
 * visitors' per-widget and per-address limits and the sign-in routes' limits. Kept in memory
 * they would multiply by the number of processes (WEB_CONCURRENCY).
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function rateWindows(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('rate_windows')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        // Milliseconds since the epoch when the window ends and the count starts over.
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_windows_reset_at')
        .on('rate_windows')
        .column('reset_at')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('rate_windows').execute();
    },
  };
}
