/**
 * Who revoked an API key, by name: `revoked_by` points at the user and is cleared when they are
 * deleted (users are deleted for good), while the list must still say who revoked a key, as the
 * history rows do with `changed_by_name`. Keys revoked before this migration take the name their
 * revoker has now, when they still exist.
 */
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function apiKeyRevoker(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('api_keys').addColumn('revoked_by_name', 'text').execute();
      // The same words in SQLite and PostgreSQL: || joins, nullif/trim/coalesce exist in both.
      await sql`
        update api_keys set revoked_by_name = (
          select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)
          from users u where u.id = api_keys.revoked_by
        )
        where revoked_by is not null`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('api_keys').dropColumn('revoked_by_name').execute();
    },
  };
}
