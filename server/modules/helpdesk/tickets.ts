/**
 * Hand-over to people: a conversation whose user asks for a person, or rates two
 * answers down, becomes a ticket — once per conversation — and the ticket is queued for the
 * webhook of the oldest active helpdesk serving EVERY department the conversation touched, in
 * the same transaction (outbox), so nothing is lost when the helpdesk is down. The webhook
 * carries the person's e-mail and the conversation's words, so a helpdesk serving only some of
 * those departments (set up by their staff, posting where they chose) must not get it: the
 * ticket waits, saying why, until a helpdesk serving all of them is there.
 */
import type { Kysely } from 'kysely';
import type { Ticket, TicketWaiting } from '../../../contract/helpdesk-api';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { HelpdeskRepo } from './repo';
import { touchedBy } from './ticket-departments';

/** "I want to talk to a person", in the five languages of the console. */
const ASKS_FOR_PERSON = new RegExp(
  [
    String.raw`\b(human|real person|a person|someone real|live (agent|chat)|(talk|speak|chat) (to|with) (an? )?(agent|human|person|someone|representative|operator)|customer service|support agent)\b`,
    String.raw`\b(mensch|mitarbeiter(in)?|echte[nr]? person|kundendienst|sachbearbeiter)\b`,
    String.raw`\b(humain|une personne|conseiller|conseillère|un agent|service client)\b`,
    String.raw`\b(humano|una persona|agente|operador|atención al cliente)\b`,
    String.raw`(موظف|شخص حقيقي|إنسان|خدمة العملاء|التحدث مع)`,
  ].join('|'),
  'iu',
);

export function asksForPerson(question: string): boolean {
  return ASKS_FOR_PERSON.test(question);
}

const DOWN_RATINGS_FOR_TICKET = 2;

/** A ticket's delivery, due at once. */
export const newOutboxRow = (
  ticketId: number,
  helpdeskId: number,
  payload: string,
  now: string,
) => ({
  ticket_id: ticketId,
  helpdesk_id: helpdeskId,
  payload,
  state: 'pending' as const,
  next_attempt_at: now,
  lease_until: null,
  last_error: null,
  delivered_at: null,
  created_at: now,
});

export function createTickets(db: Kysely<DB>, helpdesks: HelpdeskRepo, onQueued: () => void) {
  /**
   * What the webhook carries: the ticket, the signed-in person if any, the last 20 turns up to
   * `throughTurn` — those whose departments chose the helpdesk, not one asked meanwhile.
   */
  async function payloadOf(
    exec: Kysely<DB>,
    ticket: { id: number; reason: Ticket['reason']; created_at: string },
    turn: { conversation_id: string; channel: string; user_id: number | null },
    throughTurn: number,
  ): Promise<string> {
    const turns = await exec
      .selectFrom('chat_turns')
      .select(['question', 'answer', 'asked_at'])
      .where('conversation_id', '=', turn.conversation_id)
      .where('id', '<=', throughTurn)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    const user =
      turn.channel === 'console' && turn.user_id !== null
        ? await exec
            .selectFrom('users')
            .select(['id', 'email', 'first_name', 'last_name'])
            .where('id', '=', turn.user_id)
            .executeTakeFirst()
        : undefined;
    return JSON.stringify({
      event: 'ticket.created',
      ticket: {
        id: ticket.id,
        conversation_id: turn.conversation_id,
        channel: turn.channel,
        reason: ticket.reason,
        created_at: ticket.created_at,
      },
      user: user ?? null,
      conversation: turns.reverse(),
    });
  }

  async function open(turnId: number, reason: Ticket['reason']): Promise<void> {
    const turn = await db
      .selectFrom('chat_turns')
      .select(['id', 'conversation_id', 'channel', 'user_id'])
      .where('id', '=', turnId)
      .executeTakeFirst();
    if (!turn?.conversation_id) return;
    const conversationId = turn.conversation_id;
    const exists = await db
      .selectFrom('helpdesk_tickets')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    if (exists) return;
    const touched = await touchedBy(db, conversationId);
    const [helpdesk] = await helpdesks.servingEvery(touched.departments);
    const now = nowIso();
    // The id is not known before the insert: the payload is made inside the transaction.
    const queued = await db.transaction().execute(async (trx) => {
      const ticket = await trx
        .insertInto('helpdesk_tickets')
        .values({
          conversation_id: conversationId,
          channel: turn.channel,
          reason,
          helpdesk_id: helpdesk?.id ?? null,
          user_id: turn.channel === 'console' ? turn.user_id : null,
          turn_id: turn.id,
          created_at: now,
        })
        .onConflict((oc) => oc.column('conversation_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!ticket || !helpdesk) return false;
      // Read through the transaction: on SQLite it holds the one connection.
      const payload = await payloadOf(
        trx,
        { id: ticket.id, reason, created_at: now },
        { ...turn, conversation_id: conversationId },
        touched.throughTurn,
      );
      await trx
        .insertInto('helpdesk_outbox')
        .values(newOutboxRow(ticket.id, helpdesk.id, payload, now))
        .execute();
      return true;
    });
    if (queued) onQueued();
  }

  /**
   * Tickets opened while no active helpdesk served every department of their conversation,
   * given to the one that does now (after a helpdesk was added, switched on or given
   * departments): a person who asked for someone is not forgotten because the helpdesk came
   * later. The same rule as when a ticket opens: a helpdesk serving only some waits too.
   */
  async function queueWaiting(): Promise<number> {
    const waiting = await db
      .selectFrom('helpdesk_tickets as t')
      .innerJoin('chat_turns as c', 'c.id', 't.turn_id')
      .select(['t.id', 't.reason', 't.created_at', 'c.conversation_id', 'c.channel', 'c.user_id'])
      .where('t.helpdesk_id', 'is', null)
      .orderBy('t.id')
      .limit(1000)
      .execute();
    let queued = 0;
    for (const ticket of waiting) {
      if (!ticket.conversation_id) continue;
      const touched = await touchedBy(db, ticket.conversation_id);
      const [helpdesk] = await helpdesks.servingEvery(touched.departments);
      if (!helpdesk) continue;
      const payload = await payloadOf(
        db,
        ticket,
        { ...ticket, conversation_id: ticket.conversation_id },
        touched.throughTurn,
      );
      const now = nowIso();
      const taken = await db.transaction().execute(async (trx) => {
        // Only while still waiting: two processes doing this at once queue it once.
        const claimed = await trx
          .updateTable('helpdesk_tickets')
          .set({ helpdesk_id: helpdesk.id })
          .where('id', '=', ticket.id)
          .where('helpdesk_id', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('helpdesk_outbox')
          .values(newOutboxRow(ticket.id, helpdesk.id, payload, now))
          .execute();
        return true;
      });
      if (taken) queued += 1;
    }
    if (queued > 0) onQueued();
    return queued;
  }

  /** Why a ticket of a conversation that touched `departments` has no helpdesk. */
  async function waitingFor(departments: readonly number[]): Promise<TicketWaiting> {
    if (departments.length === 0) return 'no_department';
    const some = await helpdesks.servingSome([...departments]);
    return some.length === 0 ? 'no_helpdesk' : 'not_every_department';
  }

  return {
    queueWaiting,

    /** The answer service's hook: a question asking for a person opens a ticket. */
    async onTurnStored(turnId: number, question: string): Promise<void> {
      if (asksForPerson(question)) await open(turnId, 'asked_for_person');
    },

    /** After a rating was saved: the second answer rated down opens a ticket. */
    async onRated(turnId: number, rating: 'up' | 'down'): Promise<void> {
      if (rating !== 'down') return;
      const turn = await db
        .selectFrom('chat_turns')
        .select('conversation_id')
        .where('id', '=', turnId)
        .executeTakeFirst();
      if (!turn?.conversation_id) return;
      const { n } = await db
        .selectFrom('chat_feedback as f')
        .innerJoin('chat_turns as t', 't.id', 'f.turn_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('t.conversation_id', '=', turn.conversation_id)
        .where('f.rating', '=', 'down')
        .executeTakeFirstOrThrow();
      if (Number(n) >= DOWN_RATINGS_FOR_TICKET) await open(turnId, 'rated_down_twice');
    },

    isOwnConversation: async (conversationId: string, userId: number) =>
      Boolean(
        await db
          .selectFrom('conversations')
          .select('id')
          .where('id', '=', conversationId)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ),

    /** The chat widget whose visitor session `conversationId` is, if it is one. */
    widgetOf: async (conversationId: string) =>
      (
        await db
          .selectFrom('service_agent_sessions')
          .select('service_agent_id')
          .where('id', '=', conversationId)
          .executeTakeFirst()
      )?.service_agent_id,

    /** The ticket of a conversation, with how far its delivery got. */
    async ofConversation(conversationId: string): Promise<Ticket | null> {
      const row = await db
        .selectFrom('helpdesk_tickets as t')
        .leftJoin('helpdesk_outbox as o', 'o.ticket_id', 't.id')
        .select([
          't.id',
          't.conversation_id',
          't.channel',
          't.reason',
          't.helpdesk_id',
          't.created_at',
          'o.state',
        ])
        .where('t.conversation_id', '=', conversationId)
        .executeTakeFirst();
      if (!row) return null;
      const touched = await touchedBy(db, conversationId);
      return {
        id: row.id,
        conversation_id: row.conversation_id,
        channel: row.channel,
        reason: row.reason,
        helpdesk_id: row.helpdesk_id,
        delivery: row.state === 'delivered' ? 'delivered' : row.state ? 'queued' : 'no_helpdesk',
        waiting: row.helpdesk_id === null ? await waitingFor(touched.departments) : null,
        departments: await helpdesks.departmentNames(touched.departments),
        created_at: row.created_at,
      };
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
