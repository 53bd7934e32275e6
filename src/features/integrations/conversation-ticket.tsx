import { useEffect } from 'react';
import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useConversationTicketQuery } from './helpdesk-api';

/**
 * On a conversation: that it was handed to people in the helpdesk, once the person
 * asked for someone or rated two answers down, and, while no helpdesk has it, why it waits (it
 * goes only to a helpdesk serving every department the conversation touched). `version`
 * changes with every answer and rating, which is when a ticket can appear.
 */
export function ConversationTicket({
  chatId,
  version,
}: {
  chatId: string | null;
  version: string;
}) {
  const { t, i18n } = useTranslation('helpdesk');
  const query = useConversationTicketQuery(chatId ?? '', { skip: !chatId });
  const { refetch } = query;
  useEffect(() => {
    if (chatId) void refetch();
  }, [chatId, version, refetch]);
  const ticket = chatId ? query.data : null;
  if (!ticket) return null;
  const departments = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    ticket.departments.map((d) => d.name),
  );
  return (
    <CAlert color="info" className="mb-2 py-2" role="status" data-testid="conversation-ticket">
      {t(`ticket.${ticket.reason}`, { id: ticket.id })}{' '}
      <span className="text-body-secondary" data-testid="conversation-ticket-delivery">
        {ticket.waiting
          ? t(`ticket.waiting.${ticket.waiting}`, { departments })
          : t(`ticket.delivery.${ticket.delivery}`)}
      </span>
    </CAlert>
  );
}
