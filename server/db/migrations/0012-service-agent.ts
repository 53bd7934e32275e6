/**
 * Chat widgets, "service agent".
 *
 * - `service_agents`: one widget; `client_id` is its public key. `created_by` keeps Trial
 *   users to their own widgets; deleting that user leaves the widget to the administrators.
 * - `service_agent_areas`: the departments (target areas) a widget answers from. A deleted
 *   department leaves the widgets that answered from it.
 * - `service_agent_sessions`: one visitor signed in by key; its id is in the visitor token and
 *   is the conversation's id. Checked on every visitor request, so it can be revoked.
 * - `service_agent_turns`: every visitor question with its answer, references, latency and
 *   rating, for the widget's history and the reports (the assistant's `chat_turns` log holds
 *   them too, channel 'widget').
 * - `service_agent_usage`: questions per widget and UTC day, for the daily quota; counted in
 *   the database so the quota holds across server processes.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function serviceAgent(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('service_agents'), dialect)
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('client_name', 'text', (c) => c.notNull())
        .addColumn('fg_color', 'varchar(7)', (c) => c.notNull())
        .addColumn('bg_color', 'varchar(7)', (c) => c.notNull())
        // JSON text: the host entries, as normalised by the contract.
        .addColumn('allowed_hosts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('welcome_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('daily_message_quota', 'integer', (c) => c.notNull().defaultTo(1000))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('service_agents_created_by')
        .on('service_agents')
        .column('created_by')
        .execute();

      await db.schema
        .createTable('service_agent_areas')
        .addColumn('service_agent_id', 'integer', (c) =>
          c.notNull().references('service_agents.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('service_agent_areas_pk', ['service_agent_id', 'department_id'])
        .execute();
      await db.schema
        .createIndex('service_agent_areas_department')
        .on('service_agent_areas')
        .column('department_id')
        .execute();

      await db.schema
        .createTable('service_agent_sessions')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('service_agent_id', 'integer', (c) =>
          c.notNull().references('service_agents.id').onDelete('cascade'),
        )
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('visitor_address', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_active_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('service_agent_sessions_agent')
        .on('service_agent_sessions')
        .columns(['service_agent_id', 'last_active_at'])
        .execute();

      await withId(db.schema.createTable('service_agent_turns'), dialect)
        .addColumn('session_id', 'varchar(36)', (c) =>
          c.notNull().references('service_agent_sessions.id').onDelete('cascade'),
        )
        .addColumn('service_agent_id', 'integer', (c) =>
          c.notNull().references('service_agents.id').onDelete('cascade'),
        )
        // The same turn in the assistant's log.
        .addColumn('chat_turn_id', 'integer', (c) =>
          c.references('chat_turns.id').onDelete('set null'),
        )
        .addColumn('visitor_address', 'varchar(64)', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        // JSON text: ChatReference[].
        .addColumn('references_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('no_answer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        // 'up', 'down' or null.
        .addColumn('rating', 'varchar(4)')
        .addColumn('rated_at', 'text')
        .addColumn('asked_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('service_agent_turns_session')
        .on('service_agent_turns')
        .columns(['session_id', 'id'])
        .execute();
      await db.schema
        .createIndex('service_agent_turns_agent')
        .on('service_agent_turns')
        .columns(['service_agent_id', 'asked_at'])
        .execute();

      await db.schema
        .createTable('service_agent_usage')
        .addColumn('service_agent_id', 'integer', (c) =>
          c.notNull().references('service_agents.id').onDelete('cascade'),
        )
        // UTC date, YYYY-MM-DD.
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('service_agent_usage_pk', ['service_agent_id', 'day'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'service_agent_usage',
        'service_agent_turns',
        'service_agent_sessions',
        'service_agent_areas',
        'service_agents',
      ])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
