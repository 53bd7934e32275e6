import { useId, useState, type FormEvent } from 'react';
import { CButton, CForm, CFormLabel, CFormTextarea } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilThumbDown, cilThumbUp } from '@coreui/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useLibDispatch } from '@/lib/store-types';
import type { ChatFeedback, ChatMessage } from './chat-state';
import { sendFeedback } from './answer-action-thunks';

/**
 * Thumbs up or down with an optional comment (POST /chat/feedback as form data). The pressed
 * thumb shows the current rating; choosing again opens the form to change it.
 */
export function FeedbackControl({ message }: { message: ChatMessage }) {
  const { t } = useTranslation(['chat', 'errors']);
  const dispatch = useLibDispatch();
  const commentId = useId();
  const [draft, setDraft] = useState<ChatFeedback | null>(null);
  const messageId = message.details?.messageId ?? null;
  if (messageId === null) return null;
  const current = message.feedback;
  const busy = message.feedbackStatus === 'loading';

  function choose(rating: ChatFeedback['rating']) {
    setDraft({ rating, comment: draft?.comment ?? current?.comment ?? '' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft || messageId === null) return;
    const sent = await dispatch(
      sendFeedback({
        id: message.id,
        messageId,
        feedback: { ...draft, comment: draft.comment.trim() },
      }),
    );
    if (sendFeedback.fulfilled.match(sent)) setDraft(null);
  }

  const shown = draft?.rating ?? current?.rating ?? null;
  return (
    <div className="chat-feedback mt-2">
      <div className="d-flex align-items-center gap-1">
        <CButton
          size="sm"
          color="success"
          variant={shown === 'up' ? undefined : 'ghost'}
          aria-pressed={shown === 'up'}
          aria-label={t('feedback.helpful')}
          onClick={() => choose('up')}
          disabled={busy}
        >
          <CIcon icon={cilThumbUp} aria-hidden="true" />
        </CButton>
        <CButton
          size="sm"
          color="danger"
          variant={shown === 'down' ? undefined : 'ghost'}
          aria-pressed={shown === 'down'}
          aria-label={t('feedback.notHelpful')}
          onClick={() => choose('down')}
          disabled={busy}
        >
          <CIcon icon={cilThumbDown} aria-hidden="true" />
        </CButton>
        {current && !draft && (
          <span className="small text-body-secondary" role="status">
            {t(current.rating === 'up' ? 'feedback.sentUp' : 'feedback.sentDown')}
            {current.comment && ` ${t('feedback.yourComment', { comment: current.comment })}`}
          </span>
        )}
      </div>
      {draft && (
        <CForm className="mt-1" onSubmit={(e) => void submit(e)}>
          <CFormLabel htmlFor={commentId} className="small mb-1">
            {t('feedback.comment')}
          </CFormLabel>
          <CFormTextarea
            id={commentId}
            rows={2}
            maxLength={2000}
            value={draft.comment}
            onChange={(e) => setDraft({ ...draft, comment: e.target.value })}
          />
          <div className="d-flex gap-2 mt-1">
            <CButton type="submit" size="sm" color="primary" disabled={busy}>
              {t('feedback.send')}
            </CButton>
            <CButton size="sm" color="secondary" variant="ghost" onClick={() => setDraft(null)}>
              {t('common:cancel')}
            </CButton>
          </div>
        </CForm>
      )}
      {message.feedbackStatus === 'failed' && message.feedbackError && (
        <p className="small text-danger mb-0" role="alert">
          {t('feedback.failed', { message: errorText(t, message.feedbackError) })}
        </p>
      )}
    </div>
  );
}
