/**
 * The e-mail agent.
 *
 * - `email_agents` (0001) gains its connection: IMAP and SMTP host, port and TLS mode, user
 *   name, the password encrypted (never plain), whether drafts need approval, who changed it,
 *   the last sync, and a lease so that one process syncs an account at a time.
 * - `email_agent_knowledge`: the departments drafts may answer from.
 * - `email_agent_history`: every change of an account and every draft, edit and send.
 * - `email_sync_state`: per account and folder, the UIDVALIDITY and the last UID stored.
 * - `email_messages`: one row per message of a folder, unique by (account, folder,
 *   UIDVALIDITY, UID), so a sync run twice (or killed and run again) stores nothing twice.
 * - `email_attachments`: their files, in the database (bounded by the sync's size limit).
 * - `email_drafts`: AI-drafted replies waiting for a person, one per inbound message at most.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

const AGENT_COLUMNS: [string, string, string | number | null][] = [
  ['imap_host', 'text', ''],
  ['imap_port', 'integer', 993],
  ['imap_tls', 'varchar(8)', 'tls'],
  ['smtp_host', 'text', ''],
  ['smtp_port', 'integer', 465],
  ['smtp_tls', 'varchar(8)', 'tls'],
  ['username', 'text', ''],
  ['password_enc', 'text', ''],
  ['require_approval', 'integer', 1],
  ['created_by', 'integer', null],
  ['updated_by', 'integer', null],
  ['updated_at', 'text', null],
  ['last_sync_at', 'text', null],
  ['last_sync_error', 'text', null],
  ['sync_lease_until', 'text', null],
];

export function emailAgent(dialect: DialectName): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: AnyDb) {
      for (const [name, type, fallback] of AGENT_COLUMNS)
        await db.schema
          .alterTable('email_agents')
          .addColumn(name, sql.raw(type), (c) =>
            fallback === null ? c : c.notNull().defaultTo(fallback),
          )
          .execute();
      await db.schema
        .createIndex('email_agents_email')
        .on('email_agents')
        .column('email')
        .unique()
        .execute();

      await db.schema
        .createTable('email_agent_knowledge')
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (c) =>
          c.notNull().references('departments.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('email_agent_knowledge_pk', ['email_agent_id', 'department_id'])
        .execute();

      await withId(db.schema.createTable('email_agent_history'), dialect)
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_name', 'text')
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('draft_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_agent_history_agent')
        .on('email_agent_history')
        .columns(['email_agent_id', 'id'])
        .execute();

      await db.schema
        .createTable('email_sync_state')
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('folder', 'varchar(16)', (c) => c.notNull())
        .addColumn('uid_validity', 'varchar(20)', (c) => c.notNull())
        .addColumn('last_uid', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('email_sync_state_pk', ['email_agent_id', 'folder'])
        .execute();

      await withId(db.schema.createTable('email_messages'), dialect)
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('folder', 'varchar(16)', (c) => c.notNull())
        .addColumn('uid_validity', 'varchar(20)', (c) => c.notNull())
        .addColumn('uid', 'bigint', (c) => c.notNull())
        .addColumn('message_id', 'text')
        .addColumn('in_reply_to', 'text')
        .addColumn('references_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('thread_key', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('from_name', 'text', (c) => c.notNull())
        .addColumn('to_json', 'text', (c) => c.notNull())
        .addColumn('cc_json', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('sent_date', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('draft_state', 'varchar(20)')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('email_messages_uid', [
          'email_agent_id',
          'folder',
          'uid_validity',
          'uid',
        ])
        .execute();
      await db.schema
        .createIndex('email_messages_list')
        .on('email_messages')
        .columns(['email_agent_id', 'folder', 'sent_date'])
        .execute();
      await db.schema
        .createIndex('email_messages_draft_state')
        .on('email_messages')
        .columns(['email_agent_id', 'draft_state'])
        .execute();

      await withId(db.schema.createTable('email_attachments'), dialect)
        .addColumn('email_message_id', 'integer', (c) =>
          c.notNull().references('email_messages.id').onDelete('cascade'),
        )
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('content', sql.raw(binary), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_attachments_message')
        .on('email_attachments')
        .column('email_message_id')
        .execute();

      await withId(db.schema.createTable('email_drafts'), dialect)
        .addColumn('email_agent_id', 'integer', (c) =>
          c.notNull().references('email_agents.id').onDelete('cascade'),
        )
        .addColumn('reply_to_message', 'integer', (c) =>
          c.references('email_messages.id').onDelete('set null').unique(),
        )
        .addColumn('to_json', 'text', (c) => c.notNull())
        .addColumn('cc_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('references_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('no_answer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('sent_at', 'text')
        .addColumn('sent_message_id', 'text')
        .execute();
      await db.schema
        .createIndex('email_drafts_agent')
        .on('email_drafts')
        .columns(['email_agent_id', 'status', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'email_drafts',
        'email_attachments',
        'email_messages',
        'email_sync_state',
        'email_agent_history',
        'email_agent_knowledge',
      ])
        await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropIndex('email_agents_email').ifExists().execute();
      for (const [name] of AGENT_COLUMNS.slice().reverse())
        await db.schema.alterTable('email_agents').dropColumn(name).execute();
    },
  };
}
