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
import type { Ticket, VisitorPage, VisitorTicket } from '../../../contract/helpdesk-api';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { errors } from '../../http/app-error';
import { detectLanguage } from '../../services/text/analysis/detect';
import { UNDETERMINED } from '../../services/text/analysis/languages';
import { personRequest } from '../../services/text/person-request';
import { helpdeskErrors } from './errors';
import type { HelpdeskRepo } from './repo';
import { touchedBy } from './ticket-departments';
import { ticketPayload, type TicketEvent } from './ticket-payload';
import { createTicketView } from './ticket-view';

const DOWN_RATINGS_FOR_TICKET = 2;

/** A ticket's event, due at once. */
export const newOutboxRow = (
  ticketId: number,
  helpdeskId: number,
  payload: string,
  now: string,
  event: TicketEvent = 'ticket.created',
) => ({
  ticket_id: ticketId,
  helpdesk_id: helpdeskId,
  payload,
  event,
  state: 'pending' as const,
  next_attempt_at: now,
  lease_until: null,
  last_error: null,
  delivered_at: null,
  created_at: now,
});

/** A widget visitor's page, as the widget told it: its address without query or fragment. */
function pageAddress(pageUrl: string | null, host: string): string | null {
  if (!pageUrl) return null;
  const page = new URL(pageUrl);
  // The widget's session was opened for `host` (checked at login): another site is refused.
  let origin: string | undefined;
  try {
    origin = new URL(host).origin;
  } catch {
    origin = undefined;
  }
  if (page.origin !== origin)
    throw errors.validation('The page is not on the site the chat was opened on.', [
      { path: 'page_url', message: 'validation:siteUrl' },
    ]);
  // A query or fragment may carry someone's tokens or personal details: the path says enough.
  return `${page.origin}${page.pathname}`;
}

export function createTickets(db: Kysely<DB>, helpdesks: HelpdeskRepo, onQueued: () => void) {
  const view = createTicketView(db, helpdesks);

  /** The language a visitor's widget speaks, as it told when it opened. */
  const widgetLanguage = async (conversationId: string) =>
    (
      await db
        .selectFrom('helpdesk_visitor_pages')
        .select('language')
        .where('session_id', '=', conversationId)
        .executeTakeFirst()
    )?.language ?? undefined;

  async function open(
    turnId: number,
    reason: Ticket['reason'],
    languageOf: (prior: string | undefined) => string | null,
  ): Promise<void> {
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
    const prior = turn.channel === 'widget' ? await widgetLanguage(conversationId) : undefined;
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
          language: languageOf(prior),
          contact_email: null,
          contact_given_at: null,
        })
        .onConflict((oc) => oc.column('conversation_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!ticket || !helpdesk) return false;
      // Read through the transaction: on SQLite it holds the one connection.
      const payload = await ticketPayload(trx, ticket.id, 'ticket.created', touched.throughTurn);
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
      .selectFrom('helpdesk_tickets')
      .select(['id', 'conversation_id'])
      .where('helpdesk_id', 'is', null)
      .orderBy('id')
      .limit(1000)
      .execute();
    let queued = 0;
    for (const ticket of waiting) {
      const touched = await touchedBy(db, ticket.conversation_id);
      const [helpdesk] = await helpdesks.servingEvery(touched.departments);
      if (!helpdesk) continue;
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
        const payload = await ticketPayload(trx, ticket.id, 'ticket.created', touched.throughTurn);
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

  /**
   * The turns a later event of a ticket may carry: those its helpdesk serves every department
   * of, or else only up to the turn that opened it (what it was given for).
   */
  async function throughTurnFor(ticket: {
    conversation_id: string;
    helpdesk_id: number;
    turn_id: number | null;
  }) {
    const touched = await touchedBy(db, ticket.conversation_id);
    const serving = await helpdesks.servingEvery(touched.departments);
    return serving.some((h) => h.id === ticket.helpdesk_id)
      ? touched.throughTurn
      : (ticket.turn_id ?? 0);
  }

  return {
    queueWaiting,
    view,

    /** The answer service's hook: a question asking for a person opens a ticket. */
    async onTurnStored(turnId: number, question: string): Promise<void> {
      // Cheap first: most questions ask for nobody, and then no prior language is read.
      if (personRequest(question) === null) return;
      await open(turnId, 'asked_for_person', (prior) => personRequest(question, prior));
    },

    /** After a rating was saved: the second answer rated down opens a ticket. */
    async onRated(turnId: number, rating: 'up' | 'down'): Promise<void> {
      if (rating !== 'down') return;
      const turn = await db
        .selectFrom('chat_turns')
        .select(['conversation_id', 'question'])
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
      if (Number(n) < DOWN_RATINGS_FOR_TICKET) return;
      await open(turnId, 'rated_down_twice', (prior) => {
        const detected = detectLanguage(turn.question, { prior });
        return detected === UNDETERMINED ? (prior ?? null) : detected;
      });
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
    ofConversation: view.ofConversation,

    /** PUT /helpdesk/visitor/page: where a visitor's widget is, kept for their ticket. */
    async visitorPage(sessionId: string, input: VisitorPage): Promise<VisitorPage> {
      const session = await db
        .selectFrom('service_agent_sessions')
        .select('host')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      const stored = {
        page_url: pageAddress(input.page_url, session.host),
        language: input.language,
      };
      const now = nowIso();
      await db
        .insertInto('helpdesk_visitor_pages')
        .values({ session_id: sessionId, ...stored, updated_at: now })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ ...stored, updated_at: now }))
        .execute();
      return stored;
    },

    /**
     * PUT /helpdesk/visitor/ticket/contact: the address a visitor leaves for the reply. Stored
     * on the ticket; a helpdesk that has (or will get) the ticket is sent `ticket.updated` with
     * it, after the events before it. The same address again changes nothing.
     */
    async giveContact(sessionId: string, email: string): Promise<VisitorTicket> {
      const ticket = await db
        .selectFrom('helpdesk_tickets')
        .select(['id', 'conversation_id', 'helpdesk_id', 'turn_id', 'contact_email'])
        .where('conversation_id', '=', sessionId)
        .executeTakeFirst();
      if (!ticket) throw helpdeskErrors.visitorNoTicket();
      if (ticket.contact_email !== email) {
        const now = nowIso();
        const helpdeskId = ticket.helpdesk_id;
        const through =
          helpdeskId === null ? 0 : await throughTurnFor({ ...ticket, helpdesk_id: helpdeskId });
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('helpdesk_tickets')
            .set({ contact_email: email, contact_given_at: now })
            .where('id', '=', ticket.id)
            .execute();
          // A waiting ticket carries the address in its first event, when a helpdesk takes it.
          if (helpdeskId === null) return;
          const payload = await ticketPayload(trx, ticket.id, 'ticket.updated', through);
          await trx
            .insertInto('helpdesk_outbox')
            .values(newOutboxRow(ticket.id, helpdeskId, payload, now, 'ticket.updated'))
            .execute();
        });
        if (helpdeskId !== null) onQueued();
      }
      const seen = await view.ofVisitor(sessionId);
      if (!seen) throw helpdeskErrors.visitorNoTicket();
      return seen;
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
