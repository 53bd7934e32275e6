/**
 * API keys for other systems.
 *
 * - `api_keys`: one key. `lookup` is the public middle of the key (`atr_<lookup>_<secret>`),
 *   unique and indexed, so authentication is one indexed read; `secret_hash` is the SHA-256 of
 *   the secret (hex), compared in constant time. `permission_set` is JSON text of catalogue
 *   ids, as roles keep it. `last_used_at` and `request_count` are written in batches, not per
 *   request. A revoked key keeps its row (the list shows it) and never authenticates again.
 * - `api_key_departments`: the departments a key acts in.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function apiKeys(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('api_keys'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('lookup', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('permission_set', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // The key acts for its creator: deleting the creator deletes the key.
        .addColumn('created_by', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('api_keys_created_at')
        .on('api_keys')
        .column('created_at')
        .execute();
      await db.schema
        .createTable('api_key_departments')
        .addColumn('api_key_id', 'integer', (c) =>
          c.notNull().references('api_keys.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('api_key_departments_pk', ['api_key_id', 'department_id'])
        .execute();
      await db.schema
        .createIndex('api_key_departments_department')
        .on('api_key_departments')
        .column('department_id')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('api_key_departments').execute();
      await db.schema.dropTable('api_keys').execute();
    },
  };
}
