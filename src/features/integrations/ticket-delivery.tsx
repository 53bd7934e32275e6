/**
 * How far a ticket's delivery got, in the reader's words: received (and when), waiting for a
 * helpdesk (and why), or queued, with the last attempt's time, the helpdesk's answer and the
 * reason it failed (codes the server sends, translated here) and when the next one is due.
 * Someone who may change helpdesks gets Retry, which sends the ticket again now.
 */
import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@contract/helpdesk-api';
import { useToastedAction } from '@/components/use-toasted-action';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/lib/session/use-can';
import { useRetryTicketMutation } from './helpdesk-api';

export function TicketDelivery({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation('helpdesk');
  const can = useCan();
  const [retry, retrying] = useRetryTicketMutation();
  const run = useToastedAction();
  const when = (iso: string) => formatDateTime(iso, { locale: i18n.language });
  const departments = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    ticket.departments.map((d) => d.name),
  );

  if (ticket.waiting) return <span>{t(`ticket.waiting.${ticket.waiting}`, { departments })}</span>;
  if (ticket.delivery === 'delivered')
    return (
      <span data-delivery="delivered">
        {ticket.delivered_at
          ? t('ticket.delivery.delivered', { when: when(ticket.delivered_at) })
          : t('tickets.states.delivered')}
      </span>
    );
  const failed = ticket.last_attempt?.reason ? ticket.last_attempt : null;
  return (
    <span data-delivery="queued" className="d-inline-flex flex-wrap align-items-center gap-2">
      <span>
        {failed
          ? t('ticket.failing', {
              when: when(failed.at),
              reason: t(`failure.${failed.reason ?? 'failed'}`, { status: failed.status }),
            })
          : t('ticket.delivery.queued')}
        {failed && ticket.next_attempt_at && (
          <> {t('ticket.nextAttempt', { when: when(ticket.next_attempt_at) })}</>
        )}
      </span>
      {failed && can.right('Helpdesk', 'UPDATE') && (
        <CButton
          size="sm"
          color="primary"
          variant="outline"
          aria-label={t('ticket.retryNamed', { id: ticket.id })}
          disabled={retrying.isLoading}
          onClick={() =>
            void run(
              () => retry(ticket.id).unwrap(),
              () => t('ticket.retried', { id: ticket.id }),
            )
          }
        >
          {t('ticket.retry')}
        </CButton>
      )}
    </span>
  );
}
