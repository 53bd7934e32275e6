/**
 * One message of a widget visitor's chat: the visitor's own text as plain text (never
 * HTML), the answer rendered safely as the assistant's is (markdown-view.tsx), its references
 * without a way to open the documents (visitors may not download them), and thumbs up or down.
 */
import { CButton } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilThumbDown, cilThumbUp } from '@coreui/icons';
import { useTranslation } from 'react-i18next';
import { visitorErrorText } from '@/lib/visitor-error-text';
import { AnswerItem, AnswerStatus } from './answer-status';
import type { ChatMessage } from './chat-state';
import { MarkdownView } from './markdown-view';
import { ReferenceList } from './reference-list';

export type Rating = 'up' | 'down';

function VisitorRating({
  message,
  onRate,
}: {
  message: ChatMessage;
  onRate: (message: ChatMessage, rating: Rating) => void;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const rating = message.feedback?.rating ?? null;
  const busy = message.feedbackStatus === 'loading';
  const thumb = (value: Rating) => (
    <CButton
      size="sm"
      color={value === 'up' ? 'success' : 'danger'}
      variant={rating === value ? undefined : 'ghost'}
      aria-pressed={rating === value}
      aria-label={t(value === 'up' ? 'feedback.helpful' : 'feedback.notHelpful')}
      disabled={busy}
      onClick={() => onRate(message, value)}
    >
      <CIcon icon={value === 'up' ? cilThumbUp : cilThumbDown} aria-hidden="true" />
    </CButton>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-1 mt-2">
      {thumb('up')}
      {thumb('down')}
      {message.feedbackStatus === 'succeeded' && (
        <span className="small text-body-secondary" role="status">
          {t('visitor.thanks')}
        </span>
      )}
      {message.feedbackStatus === 'failed' && message.feedbackError && (
        <span className="small text-danger" role="alert">
          {visitorErrorText(t, message.feedbackError)}
        </span>
      )}
    </div>
  );
}

export function VisitorMessage({
  message,
  onRate,
}: {
  message: ChatMessage;
  onRate: (message: ChatMessage, rating: Rating) => void;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  if (message.sender === 'user')
    return (
      <li className="chat-message chat-message-user" data-testid="chat-message" data-sender="user">
        <div className="chat-bubble visitor-own">
          <span className="visually-hidden">{t('you')}: </span>
          <div className="chat-plain-text" dir="auto">
            {message.text}
          </div>
        </div>
      </li>
    );
  const references = message.details?.references ?? [];
  // "Nothing found" in the visitor's language, whatever language the server chose for it.
  const text =
    message.details?.noAnswer === true && message.status === 'done'
      ? t('answerTexts.visitorNoAnswer')
      : message.text;
  return (
    <AnswerItem message={message}>
      <span className="visually-hidden">{t('assistant')}: </span>
      {/* Citations stay text: the references are listed right below. */}
      {text && (
        <MarkdownView
          text={text}
          citations={[]}
          onCite={() => undefined}
          citeLabel={(n) => t('references.cite', { n })}
        />
      )}
      <AnswerStatus
        status={message.status}
        failure={message.error ? visitorErrorText(t, message.error) : null}
      />
      <ReferenceList references={references} />
      {message.status === 'done' && (message.details?.messageId ?? null) !== null && (
        <VisitorRating message={message} onRate={onRate} />
      )}
    </AnswerItem>
  );
}
