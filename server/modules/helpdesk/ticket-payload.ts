/**
 * What a ticket's webhook carries (docs/integrations/helpdesk.md shows an example). Every event
 * carries the whole ticket as it is when queued, so a helpdesk keeps the last one it received by
 * `ticket.id`:
 * - `ticket`: id, conversation, channel, reason, the language the person asked in, created_at;
 * - `source`: for a widget visitor, the widget (id, key, name), the page the widget was on
 *   (`page_url`, as the widget told it) and the origin checked at its login (`host`);
 * - `contact`: how to reach the person: the address a visitor left, a signed-in user's e-mail;
 * - `user`: the signed-in person of a console conversation, else null;
 * - `conversation`: the last 20 turns up to `throughTurn`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type TicketEvent = 'ticket.created' | 'ticket.updated';

/** The widget, page and origin of a visitor's conversation; nulls for a console one. */
export async function sourceOf(exec: Kysely<DB>, conversationId: string, channel: string) {
  if (channel !== 'widget') return { widget: null, page_url: null, host: null };
  const row = await exec
    .selectFrom('service_agent_sessions as s')
    .innerJoin('service_agents as a', 'a.id', 's.service_agent_id')
    .leftJoin('helpdesk_visitor_pages as p', 'p.session_id', 's.id')
    .select(['a.id', 'a.client_id', 'a.client_name', 's.host', 'p.page_url'])
    .where('s.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) return { widget: null, page_url: null, host: null };
  return {
    widget: { id: row.id, client_id: row.client_id, name: row.client_name },
    page_url: row.page_url ?? null,
    host: row.host,
  };
}

/** The body of `event` for ticket `ticketId`, read through `exec` (a transaction's, often). */
export async function ticketPayload(
  exec: Kysely<DB>,
  ticketId: number,
  event: TicketEvent,
  throughTurn: number,
): Promise<string> {
  const ticket = await exec
    .selectFrom('helpdesk_tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  const turns = await exec
    .selectFrom('chat_turns')
    .select(['question', 'answer', 'asked_at'])
    .where('conversation_id', '=', ticket.conversation_id)
    .where('id', '<=', throughTurn)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const user =
    ticket.channel === 'console' && ticket.user_id !== null
      ? await exec
          .selectFrom('users')
          .select(['id', 'email', 'first_name', 'last_name'])
          .where('id', '=', ticket.user_id)
          .executeTakeFirst()
      : undefined;
  const contact = ticket.contact_email
    ? { email: ticket.contact_email, given_at: ticket.contact_given_at }
    : user
      ? { email: user.email, given_at: null }
      : null;
  return JSON.stringify({
    event,
    ticket: {
      id: ticket.id,
      conversation_id: ticket.conversation_id,
      channel: ticket.channel,
      reason: ticket.reason,
      language: ticket.language,
      created_at: ticket.created_at,
    },
    source: await sourceOf(exec, ticket.conversation_id, ticket.channel),
    contact,
    user: user ?? null,
    conversation: turns.reverse(),
  });
}
