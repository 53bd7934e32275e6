/**
 * In a chat widget, once the visitor's conversation was handed to people (they asked for a
 * person, or two answers did not help): a person will follow up; an e-mail field while the
 * team has no address to answer to (checked here and by the server, kept on the ticket); and
 * whether the team has the request yet, with the time it arrived. Read again after every
 * answer and rating (`version`), and every few seconds until the team has it.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CButton, CForm } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { visitorContactSchema, type VisitorTicket } from '@contract/helpdesk-api';
import { FormField } from '@/components/form-field';
import { formatDateTime } from '@/lib/dates';
import { validateWith } from '@/lib/form-errors';
import { toApiErrorData } from '@/lib/http';
import { visitorErrorText } from '@/lib/visitor-error-text';
import { useGiveVisitorContactMutation, useVisitorTicketQuery } from './visitor-handover-api';

const WAITING_POLL_MS = 3000;

/** "14:32" today, the date and time on another day. */
function arrival(iso: string, locale: string): string {
  const date = new Date(iso);
  if (date.toDateString() !== new Date().toDateString()) return formatDateTime(iso, { locale });
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}

function ContactForm({ initial, onDone }: { initial: string; onDone: () => void }) {
  const { t } = useTranslation(['helpdesk', 'validation', 'errors']);
  const [give, giving] = useGiveVisitorContactMutation();
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(visitorContactSchema, { email });
    if (!checked.data) {
      setError(t(checked.errors?.email ?? 'validation:email'));
      return;
    }
    try {
      await give(checked.data).unwrap();
      setError(null);
      onDone();
    } catch (failure) {
      const data = toApiErrorData(failure);
      const field = data.fields?.find((f) => f.path === 'email');
      setError(field ? t(field.message) : visitorErrorText(t, data));
    }
  }

  return (
    <CForm noValidate className="visitor-handover-form" onSubmit={(e) => void onSubmit(e)}>
      <p className="mb-1">{t('visitor.askContact')}</p>
      <FormField
        label={t('visitor.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        className="mb-2"
        value={email}
        error={error ?? undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <CButton
        type="submit"
        color="primary"
        className="visitor-handover-send"
        disabled={giving.isLoading}
      >
        {giving.isLoading ? t('visitor.sending') : t('visitor.send')}
      </CButton>
    </CForm>
  );
}

function Delivery({ ticket }: { ticket: VisitorTicket }) {
  const { t, i18n } = useTranslation('helpdesk');
  return (
    <p className="small text-body-secondary mb-0" data-testid="visitor-handover-delivery">
      {ticket.delivery === 'delivered' && ticket.delivered_at ? (
        <>{t('visitor.delivered', { when: arrival(ticket.delivered_at, i18n.language) })}</>
      ) : (
        t(ticket.delivery === 'waiting' ? 'visitor.waiting' : 'visitor.queued')
      )}
    </p>
  );
}

export function VisitorHandover({ version }: { version: string }) {
  const { t } = useTranslation('helpdesk');
  const headingId = useId();
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useVisitorTicketQuery(undefined, { pollingInterval });
  const { refetch } = query;
  const ticket = query.data;
  const [changing, setChanging] = useState(false);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    void refetch();
  }, [version, refetch]);
  // The notice comes after the answer that led to it: bring it into the chat's view.
  const ticketId = ticket?.id;
  useEffect(() => {
    if (ticketId !== undefined) section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ticketId]);
  const waiting = Boolean(ticket && ticket.delivery !== 'delivered');
  // Adjusted while rendering (React's way to follow a value), not in an effect.
  if (pollingInterval !== (waiting ? WAITING_POLL_MS : 0))
    setPollingInterval(waiting ? WAITING_POLL_MS : 0);
  if (!ticket) return null;
  const asking = !ticket.contact_email || changing;
  return (
    <section
      ref={section}
      className="visitor-handover"
      aria-labelledby={headingId}
      data-testid="visitor-handover"
    >
      <p id={headingId} className="fw-semibold mb-1">
        {t('visitor.handedOver')}
      </p>
      {asking ? (
        <ContactForm initial={ticket.contact_email ?? ''} onDone={() => setChanging(false)} />
      ) : (
        <p className="mb-1" role="status">
          {t('visitor.contactKept', { email: ticket.contact_email })}{' '}
          <CButton color="link" className="p-0 align-baseline" onClick={() => setChanging(true)}>
            {t('visitor.change')}
          </CButton>
        </p>
      )}
      <Delivery ticket={ticket} />
    </section>
  );
}
