/** Foundation tables: departments, permission catalogue, roles, users, sessions, mail tokens. */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function foundation(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('departments'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('permissions')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('module_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addUniqueConstraint('permissions_module_action', ['module_name', 'action'])
        .execute();

      await withId(db.schema.createTable('roles'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('department_id', 'integer', (c) =>
          c.references('departments.id').onDelete('cascade'),
        )
        .addColumn('permission_set', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_defaultadmin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_window_started_at', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .execute();
      // Usernames are unique regardless of case ("Ann" and "ann" are one person to a reader).
      await sql`create unique index users_username_lower on users (lower(username))`.execute(db);

      await withId(db.schema.createTable('user_roles'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addUniqueConstraint('user_roles_unique', ['user_id', 'role_id', 'department_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await withId(db.schema.createTable('email_tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await withId(db.schema.createTable('email_agents'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('department_id', 'integer', (c) =>
          c.references('departments.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'email_agents',
        'email_tokens',
        'sessions',
        'user_roles',
        'users',
        'roles',
        'permissions',
        'departments',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
