/**
 * On a helpdesk's page: the tickets given to it, newest first, each with where it came from
 * (the assistant, or a chatbot and the page it was on), the language the person asked in, how to
 * reach them, and its delivery: received when, or the last attempt's time, answer and reason
 * with Retry. A queued ticket is read again every few seconds, so a retry's outcome shows.
 */
import { useState } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@contract/helpdesk-api';
import { ListPager } from '@/components/list-pager';
import { SectionCard } from '@/components/record-details';
import { SoftBadge, type SoftTone } from '@/components/soft-badge';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useHelpdeskTicketsQuery } from './helpdesk-api';
import { TicketDelivery } from './ticket-delivery';

const FIRST_SIZE = 10;
const QUEUED_POLL_MS = 3000;

const TONES: Record<Ticket['delivery'], SoftTone> = {
  delivered: 'success',
  queued: 'warning',
  no_helpdesk: 'secondary',
};

function TicketItem({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation('helpdesk');
  const failed = ticket.delivery === 'queued' && ticket.last_attempt?.reason;
  const { widget, page_url } = ticket.source;
  const language = ticket.language
    ? (new Intl.DisplayNames(i18n.language, { type: 'language' }).of(ticket.language) ??
      ticket.language)
    : null;
  return (
    <li className="border-top py-2" data-testid="helpdesk-ticket" data-id={ticket.id}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">{t('tickets.number', { id: ticket.id })}</span>
        <time className="small text-body-secondary" dateTime={ticket.created_at}>
          {formatDateTime(ticket.created_at, { locale: i18n.language })}
        </time>
        <SoftBadge tone={failed ? 'danger' : TONES[ticket.delivery]}>
          {t(`tickets.states.${ticket.delivery}`)}
        </SoftBadge>
      </div>
      <dl className="row small mb-1">
        <dt className="col-sm-3">{t('tickets.fields.source')}</dt>
        <dd className="col-sm-9 text-break">
          {widget ? t('tickets.widget', { name: widget.name }) : t('tickets.console')}
          {page_url && (
            <>
              {' · '}
              <span dir="ltr">{page_url}</span>
            </>
          )}
          {language && <> · {t('tickets.language', { language })}</>}
        </dd>
        <dt className="col-sm-3">{t('tickets.fields.contact')}</dt>
        <dd className="col-sm-9 text-break">
          {ticket.contact_email ? (
            <span dir="ltr">{ticket.contact_email}</span>
          ) : (
            t('tickets.noContact')
          )}
        </dd>
        <dt className="col-sm-3">{t('tickets.fields.delivery')}</dt>
        <dd className="col-sm-9" data-testid="helpdesk-ticket-delivery">
          <TicketDelivery ticket={ticket} />
        </dd>
      </dl>
    </li>
  );
}

export function HelpdeskTickets({ helpdeskId }: { helpdeskId: number }) {
  const { t } = useTranslation(['helpdesk', 'errors', 'common']);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(FIRST_SIZE);
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useHelpdeskTicketsQuery({ id: helpdeskId, page, size }, { pollingInterval });
  const queued = query.data?.items.some((ticket) => ticket.delivery === 'queued') ?? false;
  if (pollingInterval !== (queued ? QUEUED_POLL_MS : 0))
    setPollingInterval(queued ? QUEUED_POLL_MS : 0);
  const data = query.data;
  return (
    <SectionCard heading={t('tickets.title')} className="mt-3">
      <p className="text-body-secondary small">{t('tickets.intro')}</p>
      {query.isLoading ? (
        <CSpinner size="sm" aria-label={t('common:loading')} />
      ) : query.error ? (
        <CAlert color="danger" role="alert">
          {errorText(t, toApiErrorData(query.error))}
        </CAlert>
      ) : !data || data.total === 0 ? (
        <p className="mb-0">{t('tickets.empty')}</p>
      ) : (
        <>
          <ol className="list-unstyled mb-2" aria-label={t('tickets.title')}>
            {data.items.map((ticket) => (
              <TicketItem key={ticket.id} ticket={ticket} />
            ))}
          </ol>
          <ListPager
            page={page}
            size={size}
            total={data.total}
            onPage={setPage}
            onSize={(s) => {
              setSize(s);
              setPage(1);
            }}
            label={t('tickets.pages')}
          />
        </>
      )}
    </SectionCard>
  );
}
