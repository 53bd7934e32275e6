import { useEffect, useState } from 'react';
import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useConversationTicketQuery } from './helpdesk-api';
import { TicketDelivery } from './ticket-delivery';

/** How often a queued ticket is read again, so the notice follows its delivery. */
const QUEUED_POLL_MS = 3000;

/**
 * On a conversation: that it was handed to people in the helpdesk, once the person
 * asked for someone or rated two answers down, and, while no helpdesk has it, why it waits (it
 * goes only to a helpdesk serving every department the conversation touched). `version`
 * changes with every answer and rating, which is when a ticket can appear; a queued ticket is
 * read again every few seconds, so "received" replaces "will receive it shortly" when it lands.
 */
export function ConversationTicket({
  chatId,
  version,
}: {
  chatId: string | null;
  version: string;
}) {
  const { t } = useTranslation('helpdesk');
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useConversationTicketQuery(chatId ?? '', { skip: !chatId, pollingInterval });
  const { refetch } = query;
  useEffect(() => {
    if (chatId) void refetch();
  }, [chatId, version, refetch]);
  const ticket = chatId ? query.data : null;
  const queued = ticket?.delivery === 'queued';
  // Adjusted while rendering (React's way to follow a value), not in an effect.
  if (pollingInterval !== (queued ? QUEUED_POLL_MS : 0))
    setPollingInterval(queued ? QUEUED_POLL_MS : 0);
  if (!ticket) return null;
  return (
    <CAlert color="info" className="mb-2 py-2" role="status" data-testid="conversation-ticket">
      {t(`ticket.${ticket.reason}`, { id: ticket.id })}{' '}
      <span className="text-body-secondary" data-testid="conversation-ticket-delivery">
        <TicketDelivery ticket={ticket} />
      </span>
    </CAlert>
  );
}
