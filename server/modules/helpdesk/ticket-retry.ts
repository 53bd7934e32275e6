/**
 * POST /helpdesk/tickets/{id}/retry: someone who may change the ticket's helpdesk (Helpdesk
 * UPDATE in every department it serves) has its queued events tried again now, say after fixing
 * the helpdesk's address or bringing its site back. A ticket waiting for a helpdesk has nothing
 * to send (409 TICKET_WAITING), nor one the helpdesk has (409 TICKET_DELIVERED).
 */
import type { Ticket } from '../../../contract/helpdesk-api';
import { AppError } from '../../http/app-error';
import type { Actor } from '../identity/public';
import { helpdeskErrors } from './errors';
import type { HelpdeskService } from './service';
import type { TicketView } from './ticket-view';

interface RetryDeps {
  view: TicketView;
  helpdesks: Pick<HelpdeskService, 'check'>;
  retryNow: (ticketId: number) => Promise<boolean>;
}

export function createTicketRetry({ view, helpdesks, retryNow }: RetryDeps) {
  return async (actor: Actor, id: number): Promise<Ticket> => {
    const ticket = await view.one(id);
    if (!ticket) throw helpdeskErrors.ticketNotFound();
    if (ticket.helpdesk_id === null) throw helpdeskErrors.ticketWaiting();
    try {
      await helpdesks.check(actor, ticket.helpdesk_id, 'UPDATE');
    } catch (error) {
      // A helpdesk out of the actor's reach hides its tickets as well.
      if (error instanceof AppError && error.statusCode === 404)
        throw helpdeskErrors.ticketNotFound();
      throw error;
    }
    if (!(await retryNow(id))) throw helpdeskErrors.ticketDelivered();
    return (await view.one(id)) ?? ticket;
  };
}
