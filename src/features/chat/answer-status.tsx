import type { ReactNode } from 'react';
import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './chat-state';

/** The list item and bubble an answer stands in, the console's and a widget visitor's alike. */
export function AnswerItem({ message, children }: { message: ChatMessage; children: ReactNode }) {
  return (
    <li
      className="chat-message chat-message-server"
      data-testid="chat-message"
      data-sender="server"
      aria-busy={message.status === 'streaming'}
    >
      <div className="chat-bubble">{children}</div>
    </li>
  );
}

/** "Thinking…", "Loading…": a spinner and what is awaited, announced politely. */
export function PendingLine({ text, className = 'mb-0' }: { text: string; className?: string }) {
  return (
    // A div: CoreUI's spinner is a div, which a <p> may not hold.
    <div className={`small text-body-secondary ${className}`} role="status">
      <CSpinner size="sm" className="me-2" aria-hidden="true" />
      {text}
    </div>
  );
}

/**
 * Under an answer, where it stands: still coming, stopped by the asker, or failed (`failure`,
 * already worded for the reader: the console's and a widget visitor's wordings differ).
 */
export function AnswerStatus({
  status,
  failure,
}: {
  status: ChatMessage['status'];
  failure: string | null;
}) {
  const { t } = useTranslation('chat');
  if (status === 'streaming') return <PendingLine text={t('thinking')} />;
  if (status === 'cancelled')
    return (
      <p className="text-danger mb-0" role="alert">
        {t('cancelled')}
      </p>
    );
  if (status === 'failed' && failure)
    return (
      <p className="text-danger mb-0" role="alert">
        {failure}
      </p>
    );
  return null;
}
