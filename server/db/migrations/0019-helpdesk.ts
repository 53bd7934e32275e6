/**
 * Helpdesk integrations.
 *
 * - `helpdesks`: one external helpdesk site; `secret_sealed` is its signing secret, sealed
 *   with SECRETS_KEY (services/security/secret-box): it signs webhooks, so it must be readable.
 * - `helpdesk_departments`: the departments a helpdesk serves (scope and ticket routing).
 * - `helpdesk_admins`: users named helpdesk administrators (POST /helpdesk/admin).
 * - `helpdesk_agents`: a user working as an agent in a department (the Helpdesk role there).
 * - `helpdesk_handoffs`: single-use hand-off tokens, by SHA-256 of the token only.
 * - `helpdesk_tickets`: a conversation handed over to people; one per conversation.
 * - `helpdesk_outbox`: webhook deliveries of tickets, retried with back-off until delivered.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function helpdesk(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('helpdesks'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('site_url', 'text', (c) => c.notNull())
        .addColumn('callback_path', 'text', (c) => c.notNull())
        .addColumn('webhook_path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('helpdesk_departments')
        .addColumn('helpdesk_id', 'integer', (c) =>
          c.notNull().references('helpdesks.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('helpdesk_departments_pk', ['helpdesk_id', 'department_id'])
        .execute();
      await db.schema
        .createIndex('helpdesk_departments_department')
        .on('helpdesk_departments')
        .column('department_id')
        .execute();

      await db.schema
        .createTable('helpdesk_admins')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('helpdesk_agents'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        // 'available', 'away' or 'removed'.
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('helpdesk_agents_unique', ['user_id', 'department_id'])
        .execute();

      await db.schema
        .createTable('helpdesk_handoffs')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('helpdesk_id', 'integer', (c) =>
          c.notNull().references('helpdesks.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('helpdesk_handoffs_expiry')
        .on('helpdesk_handoffs')
        .column('expires_at')
        .execute();

      await withId(db.schema.createTable('helpdesk_tickets'), dialect)
        .addColumn('conversation_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('channel', 'varchar(16)', (c) => c.notNull())
        .addColumn('reason', 'varchar(32)', (c) => c.notNull())
        .addColumn('helpdesk_id', 'integer', (c) =>
          c.references('helpdesks.id').onDelete('set null'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('turn_id', 'integer', (c) => c.references('chat_turns.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('helpdesk_outbox'), dialect)
        .addColumn('ticket_id', 'integer', (c) =>
          c.notNull().references('helpdesk_tickets.id').onDelete('cascade'),
        )
        .addColumn('helpdesk_id', 'integer', (c) =>
          c.notNull().references('helpdesks.id').onDelete('cascade'),
        )
        // JSON text: the body posted, fixed when queued so every attempt signs the same bytes.
        .addColumn('payload', 'text', (c) => c.notNull())
        // 'pending' or 'delivered'.
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        // A worker's claim: nobody else tries the row before this time.
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('helpdesk_outbox_due')
        .on('helpdesk_outbox')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('helpdesk_outbox_ticket')
        .on('helpdesk_outbox')
        .column('ticket_id')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'helpdesk_outbox',
        'helpdesk_tickets',
        'helpdesk_handoffs',
        'helpdesk_agents',
        'helpdesk_admins',
        'helpdesk_departments',
        'helpdesks',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
