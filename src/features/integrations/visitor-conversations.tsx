/**
 * A widget's visitor conversations (GET /service-agent/history/{client_id}), newest
 * first: where and when each was held, then every turn with its question, answer, references,
 * rating and how long the answer took. Visitors' words are shown as text, never as HTML.
 */
import { useState } from 'react';
import { CAlert, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ServiceAgentConversation, ServiceAgentTurn } from '@contract/service-agent';
import { ListPager } from '@/components/list-pager';
import { SoftBadge } from '@/components/soft-badge';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { useServiceAgentConversationsQuery } from './service-agent-api';
import { ConversationTicket } from './conversation-ticket';

const FIRST_SIZE = 10;

function Turn({ turn }: { turn: ServiceAgentTurn }) {
  const { t, i18n } = useTranslation('service-agent');
  const when = formatDateTime(turn.asked_at, { locale: i18n.language });
  return (
    <li className="border-top pt-2 mt-2" data-testid="visitor-turn">
      <div className="small text-body-secondary d-flex flex-wrap gap-2">
        <time dateTime={turn.asked_at}>{when}</time>
        <span>{t('conversations.latency', { ms: turn.latency_ms })}</span>
        {turn.rating && (
          <SoftBadge tone={turn.rating === 'up' ? 'success' : 'danger'}>
            {t(turn.rating === 'up' ? 'conversations.ratedUp' : 'conversations.ratedDown')}
          </SoftBadge>
        )}
        {turn.no_answer && <SoftBadge tone="warning">{t('conversations.noAnswer')}</SoftBadge>}
      </div>
      <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        <span className="fw-semibold">{t('conversations.question')}</span> {turn.question}
      </p>
      <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        <span className="fw-semibold">{t('conversations.answer')}</span> {turn.answer}
      </p>
      {turn.references.length > 0 && (
        <p className="small text-body-secondary mb-0 text-break">
          {t('conversations.references', {
            list: turn.references.map((r) => `[${r.n}] ${r.document_name}`).join(', '),
          })}
        </p>
      )}
    </li>
  );
}

function Conversation({ conversation }: { conversation: ServiceAgentConversation }) {
  const { t, i18n } = useTranslation('service-agent');
  const started = formatDateTime(conversation.started_at, { locale: i18n.language });
  // The helpdesk ticket is asked for when the conversation is opened, not for every row.
  const [open, setOpen] = useState(false);
  return (
    <li className="mb-3" data-testid="visitor-conversation">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          {t('conversations.summary', {
            when: started,
            host: conversation.host,
            count: conversation.turns.length,
          })}
        </summary>
        <p className="small text-body-secondary mb-0 mt-1">
          {t('conversations.visitor', { address: conversation.visitor_address })}
        </p>
        {open && <ConversationTicket chatId={conversation.session_id} version="" />}
        <ol className="list-unstyled mb-0">
          {conversation.turns.map((turn) => (
            <Turn key={turn.message_id} turn={turn} />
          ))}
        </ol>
      </details>
    </li>
  );
}

export function VisitorConversations({ clientId }: { clientId: string }) {
  const { t } = useTranslation(['service-agent', 'errors', 'common']);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(FIRST_SIZE);
  const query = useServiceAgentConversationsQuery({ clientId, page, size });
  if (query.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (query.error)
    return (
      <CAlert color="danger" role="alert">
        {errorText(t, toApiErrorData(query.error))}
      </CAlert>
    );
  const data = query.data;
  if (!data || data.total === 0) return <p className="mb-0">{t('conversations.empty')}</p>;
  return (
    <>
      <ol className="list-unstyled mb-2">
        {data.items.map((c) => (
          <Conversation key={c.session_id} conversation={c} />
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
        label={t('conversations.pages')}
      />
    </>
  );
}
