/**
 * The e-mail agent's audit gaps, closed after its first version.
 *
 * - `email_agent_history` outlives its account: the cascade from `email_agents` is dropped,
 *   and each row records the account's address and department (so a deleted account's trail
 *   is still found, by id or by address, and still department-scoped). SQLite cannot drop a
 *   foreign key, so there the table is rebuilt with its rows.
 * - `email_messages_message_id`: the lookups by Message-ID of a folder's re-read.
 * - `email_drafts.sending_since`: a draft claimed for sending ('sending') since then; one left
 *   there by a process that died is offered again after a while.
 * - `email_messages.draft_attempts` / `draft_error`: a draft that failed is retried a few
 *   times, and the last reason is kept.
 * - `email_attachments.content_id` / `inline` / `omitted`: inline (cid:) parts are kept, and
 *   an attachment too big to keep is still listed, with why its bytes are missing.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from './dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

async function historyWithoutCascade(db: AnyDb, dialect: DialectName) {
  if (dialect === 'postgres') {
    await sql`alter table email_agent_history drop constraint if exists email_agent_history_email_agent_id_fkey`.execute(
      db,
    );
    await db.schema.alterTable('email_agent_history').addColumn('email_address', 'text').execute();
    await db.schema
      .alterTable('email_agent_history')
      .addColumn('department_id', 'integer')
      .execute();
    return;
  }
  await withId(db.schema.createTable('email_agent_history_new'), dialect)
    .addColumn('email_agent_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('draft_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text')
    .addColumn('department_id', 'integer')
    .execute();
  await sql`insert into email_agent_history_new
    (id, email_agent_id, action, actor_id, actor_name, changes, draft_id, created_at)
    select id, email_agent_id, action, actor_id, actor_name, changes, draft_id, created_at
    from email_agent_history`.execute(db);
  await db.schema.dropTable('email_agent_history').execute();
  await sql`alter table email_agent_history_new rename to email_agent_history`.execute(db);
  await db.schema
    .createIndex('email_agent_history_agent')
    .on('email_agent_history')
    .columns(['email_agent_id', 'id'])
    .execute();
}

export function emailAudit(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await historyWithoutCascade(db, dialect);
      await sql`update email_agent_history set
        email_address = (select a.email from email_agents a where a.id = email_agent_history.email_agent_id),
        department_id = (select a.department_id from email_agents a where a.id = email_agent_history.email_agent_id)`.execute(
        db,
      );
      await db.schema
        .createIndex('email_agent_history_address')
        .on('email_agent_history')
        .columns(['email_address', 'id'])
        .execute();
      // A renumbered folder's re-read looks each message up by Message-ID (and so does the
      // sync's "known already" check): without this, every lookup would scan the folder.
      await db.schema
        .createIndex('email_messages_message_id')
        .on('email_messages')
        .columns(['email_agent_id', 'folder', 'message_id'])
        .execute();
      await db.schema.alterTable('email_drafts').addColumn('sending_since', 'text').execute();
      await db.schema
        .alterTable('email_messages')
        .addColumn('draft_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('email_messages').addColumn('draft_error', 'text').execute();
      await db.schema.alterTable('email_attachments').addColumn('content_id', 'text').execute();
      await db.schema
        .alterTable('email_attachments')
        .addColumn('inline', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('email_attachments').addColumn('omitted', 'varchar(40)').execute();
    },
    async down(db: AnyDb) {
      for (const column of ['omitted', 'inline', 'content_id'])
        await db.schema.alterTable('email_attachments').dropColumn(column).execute();
      for (const column of ['draft_error', 'draft_attempts'])
        await db.schema.alterTable('email_messages').dropColumn(column).execute();
      await db.schema.alterTable('email_drafts').dropColumn('sending_since').execute();
      await db.schema.dropIndex('email_agent_history_address').ifExists().execute();
      await db.schema.dropIndex('email_messages_message_id').ifExists().execute();
      // The history keeps its rows; the cascade is not put back.
    },
  };
}
