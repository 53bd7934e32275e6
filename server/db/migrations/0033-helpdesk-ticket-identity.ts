/**
 * Where a ticket came from and how to reach the person, and what the last delivery attempt met.
 *
 * - `helpdesk_tickets.language`: the language the person asked in (the helpdesk answers in it);
 *   `contact_email`, `contact_given_at`: the address a widget visitor left for the reply.
 * - `helpdesk_outbox.event`: `ticket.created`, or `ticket.updated` once the contact is given;
 *   `last_attempt_at`, `last_status` (the HTTP status, null when none came back) and
 *   `last_reason` (a code the console translates; `last_error` keeps the server's words for
 *   the log) describe the last attempt.
 * - `helpdesk_visitor_pages`: the page a widget visitor is on and the widget's language, told by
 *   the widget when it opens, for the tickets of that visitor's conversation.
 */
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before types apply
type AnyDb = Kysely<any>;

export function helpdeskTicketIdentity(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('helpdesk_tickets').addColumn('language', 'varchar(8)').execute();
      await db.schema
        .alterTable('helpdesk_tickets')
        .addColumn('contact_email', 'varchar(254)')
        .execute();
      await db.schema
        .alterTable('helpdesk_tickets')
        .addColumn('contact_given_at', 'text')
        .execute();
      await db.schema
        .alterTable('helpdesk_outbox')
        .addColumn('event', 'varchar(32)', (c) => c.notNull().defaultTo('ticket.created'))
        .execute();
      await db.schema.alterTable('helpdesk_outbox').addColumn('last_attempt_at', 'text').execute();
      await db.schema.alterTable('helpdesk_outbox').addColumn('last_status', 'integer').execute();
      await db.schema
        .alterTable('helpdesk_outbox')
        .addColumn('last_reason', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('helpdesk_visitor_pages')
        .addColumn('session_id', 'varchar(36)', (c) =>
          c.primaryKey().references('service_agent_sessions.id').onDelete('cascade'),
        )
        .addColumn('page_url', 'text')
        .addColumn('language', 'varchar(8)')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('helpdesk_visitor_pages').execute();
      for (const column of ['last_reason', 'last_status', 'last_attempt_at', 'event'])
        await db.schema.alterTable('helpdesk_outbox').dropColumn(column).execute();
      for (const column of ['contact_given_at', 'contact_email', 'language'])
        await db.schema.alterTable('helpdesk_tickets').dropColumn(column).execute();
    },
  };
}
