/**
 * Back-off for password guesses: one row per throttled key — an account and client
 * address pair, an account over all addresses, or a user's current-password checks. Kept in the
 * database so every server process sees the same counts.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function authThrottle(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('blocked_until', 'varchar(40)')
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('auth_throttle').execute();
    },
  };
}
