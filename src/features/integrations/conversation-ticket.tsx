import { useEffect } from 'react';
import { CAlert } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useConversationTicketQuery } from './helpdesk-api';

/**
 * On a conversation: that it was handed to people in the helpdesk (issue 17), once the person
 * asked for someone or rated two answers down. `version` changes with every answer and rating,
 * which is when a ticket can appear.
 */
export function ConversationTicket({
  chatId,
  version,
}: {
  chatId: string | null;
  version: string;
}) {
  const { t } = useTranslation('helpdesk');
  const query = useConversationTicketQuery(chatId ?? '', { skip: !chatId });
  const { refetch } = query;
  useEffect(() => {
    if (chatId) void refetch();
  }, [chatId, version, refetch]);
  const ticket = chatId ? query.data : null;
  if (!ticket) return null;
  return (
    <CAlert color="info" className="mb-2 py-2" role="status" data-testid="conversation-ticket">
      {t(`ticket.${ticket.reason}`, { id: ticket.id })}{' '}
      <span className="text-body-secondary">{t(`ticket.delivery.${ticket.delivery}`)}</span>
    </CAlert>
  );
}
