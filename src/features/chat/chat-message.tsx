import { CAlert, CButton } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilChartLine } from '@coreui/icons';
import { useTranslation } from 'react-i18next';
import type { ChatReference } from '@contract/chat';
import { formatDateTime } from '@/lib/dates';
import { isolated } from '@/lib/bidi';
import { errorText } from '@/lib/error-text';
import { AnswerImages } from './answer-images';
import { AnswerItem, AnswerStatus } from './answer-status';
import type { ChatMessage } from './chat-state';
import { isCancelled } from './chat-thunks';
import { fromDatabase } from './database-chart-details';
import { EvalMatrix } from './eval-matrix';
import { FeedbackControl } from './feedback-control';
import { MarkdownView } from './markdown-view';
import { ReferenceList } from './reference-list';
import { VisualAnswer } from './visual-answer';

export interface MessageActions {
  openReference: (reference: ChatReference) => void;
  openDocument: (documentId: number, name: string) => void;
  chart: (message: ChatMessage) => void;
  askWithBuiltin: (question: string) => void;
  /** A model id -> its label as the server gives it. */
  modelLabel: (id: string) => string;
  busy: boolean;
}

function Time({ value }: { value: string }) {
  const { t, i18n } = useTranslation('chat');
  const text = formatDateTime(value, { locale: i18n.language });
  if (!text) return null;
  return (
    <time className="chat-time" dateTime={value} title={t('sentAt', { time: text })}>
      {text}
    </time>
  );
}

function UserMessage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  return (
    <li className="chat-message chat-message-user" data-testid="chat-message" data-sender="user">
      <div className="chat-bubble">
        <div className="chat-meta">
          <span className="fw-semibold">{t('you')}</span> <Time value={message.timestamp} />
        </div>
        {/* dir="auto": an English question in the Arabic console keeps its "?" at its end. */}
        <div className="chat-plain-text" dir="auto">
          {message.text}
        </div>
      </div>
    </li>
  );
}

function AnswerBody({ message, actions }: { message: ChatMessage; actions: MessageActions }) {
  const { t } = useTranslation(['chat', 'errors']);
  const details = message.details;
  const references = details?.references ?? [];
  const byNumber = new Map(references.map((r) => [r.n, r]));
  // Nothing in the documents, but a database answered with a chart that says what it shows:
  // "nothing found" beside it would contradict it.
  const databaseAnswered =
    details?.noAnswer === true && fromDatabase(message.visual?.route) && !!message.visual?.url;
  // The server words "nothing found" in the question's language (English for API clients);
  // the console says it in its reader's, like every other text on the page.
  const text =
    details?.noAnswer === true && message.status === 'done'
      ? t('answerTexts.noAnswer')
      : message.text;
  return (
    <>
      {details?.standaloneQuestion && (
        <p className="small text-body-secondary mb-1">
          {t('standalone', { question: details.standaloneQuestion })}
        </p>
      )}
      {details?.subQuestions && details.subQuestions.length > 0 && (
        <div className="small text-body-secondary mb-1">
          {t('subQuestions')}
          <ul className="mb-0">
            {details.subQuestions.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ul>
        </div>
      )}
      {text && !databaseAnswered && (
        <MarkdownView
          text={text}
          citations={[...byNumber.keys()]}
          onCite={(n) => {
            const reference = byNumber.get(n);
            if (reference) actions.openReference(reference);
          }}
          citeLabel={(n) => t('references.cite', { n })}
        />
      )}
      <AnswerStatus
        status={message.status}
        failure={
          message.error && !isCancelled(message.error)
            ? t('failed', { message: errorText(t, message.error) })
            : null
        }
      />
      {details?.providerError && (
        <CAlert color="warning" className="mt-2 mb-0 py-2">
          <div>
            {t('providerError', {
              // The server's words are a fallback for servers that send no code.
              message: details.providerErrorCode
                ? t(`providerErrors.${details.providerErrorCode}`)
                : details.providerError,
            })}
          </div>
          <CButton
            size="sm"
            color="primary"
            className="mt-1"
            disabled={actions.busy}
            onClick={() => actions.askWithBuiltin(message.question)}
          >
            {t('useBuiltin')}
          </CButton>
        </CAlert>
      )}
      <ReferenceList references={references} onOpen={actions.openReference} />
      {details?.images && (
        <AnswerImages
          images={details.images}
          onOpen={(image) => actions.openDocument(image.document_id, image.alt)}
        />
      )}
      {details?.eval && <EvalMatrix evaluation={details.eval} />}
      <VisualAnswer message={message} />
    </>
  );
}

function ServerMessage({ message, actions }: { message: ChatMessage; actions: MessageActions }) {
  const { t } = useTranslation('chat');
  const details = message.details;
  const done = message.status === 'done';
  return (
    <AnswerItem message={message}>
      <div className="chat-meta">
        <span className="fw-semibold">{t('assistant')}</span> <Time value={message.timestamp} />
        {details?.model && (
          <span className="ms-2">
            · {t('engineLine', { model: isolated(actions.modelLabel(details.model)) })}
          </span>
        )}
      </div>
      <AnswerBody message={message} actions={actions} />
      {done && (
        <div className="d-flex flex-wrap align-items-start gap-2">
          <FeedbackControl message={message} />
          {/* Only beside an answer that found something: "nothing found" has nothing to chart. */}
          {!message.visual && details?.noAnswer !== true && (
            <CButton
              size="sm"
              color="secondary"
              variant="ghost"
              className="mt-2"
              aria-label={t('chart.makeLabel')}
              disabled={actions.busy}
              onClick={() => actions.chart(message)}
            >
              <CIcon icon={cilChartLine} aria-hidden="true" className="me-1" />
              {t('chart.make')}
            </CButton>
          )}
        </div>
      )}
    </AnswerItem>
  );
}

export function ChatMessageView({
  message,
  actions,
}: {
  message: ChatMessage;
  actions: MessageActions;
}) {
  return message.sender === 'user' ? (
    <UserMessage message={message} />
  ) : (
    <ServerMessage message={message} actions={actions} />
  );
}
