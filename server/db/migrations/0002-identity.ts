/**
 * Identity: department descriptions, who created/changed a role, the change history of
 * users and roles, and the indexes the scoped lists and in-use checks read.
 *
 * History rows carry no foreign keys on purpose: they must outlive the user or role they describe
 * (a deleted version can be restored) and the person who made the change (their name is kept in
 * `changed_by_name`). Snapshots are JSON text, like `roles.permission_set`, so both dialects store
 * them the same way.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function identity(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      // SQLite adds one column per ALTER TABLE statement.
      await db.schema
        .alterTable('departments')
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('roles').addColumn('created_by', 'integer').execute();
      await db.schema.alterTable('roles').addColumn('updated_by', 'integer').execute();

      for (const [table, entity] of [
        ['user_history', 'user_id'],
        ['role_history', 'role_id'],
      ] as const) {
        await withId(db.schema.createTable(table), dialect)
          .addColumn(entity, 'integer', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('changed_by', 'integer')
          .addColumn('changed_by_name', 'text')
          .addColumn('changed_at', 'text', (c) => c.notNull())
          .addColumn('old_values', 'text')
          .addColumn('new_values', 'text')
          .addColumn('restored_from', 'integer')
          .execute();
        await db.schema
          .createIndex(`${table}_${entity}`)
          .on(table)
          .columns([entity, 'id'])
          .execute();
      }

      // Counts of a department's users and a role's users, and the department scoping of lists.
      await db.schema.createIndex('user_roles_role').on('user_roles').column('role_id').execute();
      await db.schema
        .createIndex('user_roles_department')
        .on('user_roles')
        .columns(['department_id', 'user_id'])
        .execute();
      await db.schema.createIndex('roles_department').on('roles').column('department_id').execute();
      // "Sales" and "sales" are one department to a reader; a role name is unique where it can
      // be assigned (its department, or among the roles for every department).
      await sql`create unique index departments_name_lower on departments (lower(name))`.execute(
        db,
      );
      await sql`create unique index roles_name_scope on roles (coalesce(department_id, 0), lower(name))`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await sql`drop index if exists roles_name_scope`.execute(db);
      await sql`drop index if exists departments_name_lower`.execute(db);
      for (const index of ['roles_department', 'user_roles_department', 'user_roles_role'])
        await db.schema.dropIndex(index).ifExists().execute();
      await db.schema.dropTable('role_history').ifExists().execute();
      await db.schema.dropTable('user_history').ifExists().execute();
      await db.schema.alterTable('roles').dropColumn('updated_by').execute();
      await db.schema.alterTable('roles').dropColumn('created_by').execute();
      await db.schema.alterTable('departments').dropColumn('description').execute();
    },
  };
}
