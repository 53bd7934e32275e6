/**
 * Tickets as the console and a widget visitor read them: the ticket, where it came from, how to
 * reach the person, and how far its delivery got, from its events in the outbox. A ticket is
 * delivered when the helpdesk acknowledged every event queued for it; while one waits, the last
 * attempt says when it was tried, what the helpdesk answered and why it failed.
 */
import type { Kysely } from 'kysely';
import type {
  DeliveryAttempt,
  Ticket,
  TicketWaiting,
  VisitorTicket,
} from '../../../contract/helpdesk-api';
import { deliveryFailureCodes } from '../../../contract/helpdesk-api';
import type { Paged } from '../../../contract/paging';
import type { DB } from '../../db/schema';
import type { HelpdeskRepo } from './repo';
import { touchedBy } from './ticket-departments';
import { sourceOf } from './ticket-payload';

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

const selectTickets = (db: Kysely<DB>) =>
  db
    .selectFrom('helpdesk_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.conversation_id',
      't.channel',
      't.reason',
      't.helpdesk_id',
      't.created_at',
      't.language',
      't.contact_email',
      'u.email as user_email',
    ]);

interface Delivery {
  /** An event of the ticket is still queued. */
  pending: boolean;
  /** When the helpdesk acknowledged the first event: it has had the ticket since. */
  firstDeliveredAt: string | null;
  deliveredAt: string | null;
  attempts: number;
  lastAttempt: DeliveryAttempt | null;
  nextAttemptAt: string | null;
}

const isFailure = (code: string | null): code is (typeof deliveryFailureCodes)[number] =>
  (deliveryFailureCodes as readonly string[]).includes(code ?? '');

export function createTicketView(db: Kysely<DB>, helpdesks: HelpdeskRepo) {
  /** Each ticket's delivery, from all its outbox rows. */
  async function deliveries(ids: readonly number[]): Promise<Map<number, Delivery>> {
    const rows = ids.length
      ? await db
          .selectFrom('helpdesk_outbox')
          .select([
            'ticket_id',
            'state',
            'attempts',
            'delivered_at',
            'next_attempt_at',
            'last_attempt_at',
            'last_status',
            'last_reason',
          ])
          .where('ticket_id', 'in', [...ids])
          .orderBy('id')
          .execute()
      : [];
    const out = new Map<number, Delivery>();
    for (const row of rows) {
      const d = out.get(row.ticket_id) ?? {
        firstDeliveredAt: null,
        deliveredAt: null,
        attempts: 0,
        lastAttempt: null,
        nextAttemptAt: null,
        pending: false,
      };
      if (row.state === 'delivered') {
        d.firstDeliveredAt ??= row.delivered_at;
        d.deliveredAt = row.delivered_at;
      } else if (!d.pending) {
        d.pending = true;
        d.attempts = row.attempts;
        d.nextAttemptAt = row.next_attempt_at;
      }
      if (row.last_attempt_at && (!d.lastAttempt || row.last_attempt_at >= d.lastAttempt.at))
        d.lastAttempt = {
          at: row.last_attempt_at,
          status: row.last_status,
          reason: isFailure(row.last_reason) ? row.last_reason : null,
        };
      out.set(row.ticket_id, d);
    }
    return out;
  }

  /** Why a ticket of a conversation that touched `departments` has no helpdesk. */
  async function waitingFor(departments: readonly number[]): Promise<TicketWaiting> {
    if (departments.length === 0) return 'no_department';
    const some = await helpdesks.servingSome([...departments]);
    return some.length === 0 ? 'no_helpdesk' : 'not_every_department';
  }

  async function shaped(rows: TicketRow[]): Promise<Ticket[]> {
    const delivered = await deliveries(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (row): Promise<Ticket> => {
        const d = delivered.get(row.id);
        const touched = await touchedBy(db, row.conversation_id);
        return {
          id: row.id,
          conversation_id: row.conversation_id,
          channel: row.channel,
          reason: row.reason,
          helpdesk_id: row.helpdesk_id,
          delivery:
            row.helpdesk_id === null ? 'no_helpdesk' : !d || d.pending ? 'queued' : 'delivered',
          waiting: row.helpdesk_id === null ? await waitingFor(touched.departments) : null,
          departments: await helpdesks.departmentNames(touched.departments),
          created_at: row.created_at,
          language: row.language,
          contact_email: row.contact_email ?? row.user_email ?? null,
          source: await sourceOf(db, row.conversation_id, row.channel),
          delivered_at: d?.deliveredAt ?? null,
          attempts: d?.pending ? d.attempts : 0,
          last_attempt: d?.lastAttempt ?? null,
          next_attempt_at: d?.pending ? d.nextAttemptAt : null,
        };
      }),
    );
  }

  return {
    /** The ticket of a conversation, or null. */
    async ofConversation(conversationId: string): Promise<Ticket | null> {
      const rows = await selectTickets(db)
        .where('t.conversation_id', '=', conversationId)
        .execute();
      return (await shaped(rows))[0] ?? null;
    },

    /** One ticket by id, with the helpdesk it was given to; undefined when there is none. */
    async one(id: number): Promise<Ticket | undefined> {
      const rows = await selectTickets(db).where('t.id', '=', id).execute();
      return (await shaped(rows))[0];
    },

    /** The tickets given to a helpdesk, newest first. */
    async ofHelpdesk(helpdeskId: number, page: number, size: number): Promise<Paged<Ticket>> {
      const { n } = await db
        .selectFrom('helpdesk_tickets')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('helpdesk_id', '=', helpdeskId)
        .executeTakeFirstOrThrow();
      const rows = await selectTickets(db)
        .where('t.helpdesk_id', '=', helpdeskId)
        .orderBy('t.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { items: await shaped(rows), total: Number(n), page, size };
    },

    /** What a widget visitor sees of the ticket of their conversation. */
    async ofVisitor(sessionId: string): Promise<VisitorTicket | null> {
      const row = await db
        .selectFrom('helpdesk_tickets')
        .select(['id', 'reason', 'helpdesk_id', 'contact_email', 'created_at'])
        .where('conversation_id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return null;
      const d = (await deliveries([row.id])).get(row.id);
      // The team has the ticket once its first event arrived, whatever followed it.
      const deliveredAt = d?.firstDeliveredAt ?? null;
      return {
        id: row.id,
        reason: row.reason,
        delivery: deliveredAt ? 'delivered' : row.helpdesk_id === null ? 'waiting' : 'queued',
        delivered_at: deliveredAt,
        contact_email: row.contact_email,
        created_at: row.created_at,
      };
    },
  };
}

export type TicketView = ReturnType<typeof createTicketView>;
