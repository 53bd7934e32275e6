/**
 * Database sources: one row per external database the console may read from. The
 * password is sealed (services/security/secret-box), never plain. A source belongs to one
 * department; deleting the department deletes its sources.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function dbSources(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('db_sources'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('db_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('port', 'integer')
        .addColumn('database_name', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_enc', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('db_sources_department')
        .on('db_sources')
        .columns(['department_id', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('db_sources').execute();
    },
  };
}
