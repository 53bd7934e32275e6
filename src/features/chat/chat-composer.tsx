import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CButton, CForm, CFormLabel, CFormTextarea } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilMediaStop, cilSend } from '@coreui/icons';
import { useTranslation } from 'react-i18next';

const MAX_QUESTION = 4000;

/** The question box: Enter sends, Shift+Enter is a new line; while sending, Stop cancels. */
export function ChatComposer({
  sending,
  disabled,
  onSend,
  onStop,
  maxLength = MAX_QUESTION,
  placeholder,
}: {
  sending: boolean;
  disabled: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
  /** Longest question the server takes (a widget visitor's is shorter). */
  maxLength?: number;
  /** The hint in the empty box; the console's "Ask about your documents" by default. */
  placeholder?: string;
}) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const tooLong = text.length > maxLength;
  const canSend = !sending && !disabled && !tooLong && text.trim().length > 0;

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <CForm className="chat-composer" onSubmit={send}>
      <CFormLabel htmlFor={id} className="visually-hidden">
        {t('composer.label')}
      </CFormLabel>
      <div className="d-flex gap-2 align-items-end">
        <CFormTextarea
          id={id}
          rows={2}
          value={text}
          placeholder={placeholder ?? t('composer.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          invalid={tooLong}
          aria-describedby={tooLong ? `${id}-error` : undefined}
        />
        {sending ? (
          <CButton color="danger" onClick={onStop} className="text-nowrap">
            <CIcon icon={cilMediaStop} className="me-1" aria-hidden="true" />
            {t('composer.stop')}
          </CButton>
        ) : (
          <CButton type="submit" color="primary" disabled={!canSend} className="text-nowrap">
            <CIcon icon={cilSend} className="me-1" aria-hidden="true" />
            {t('composer.send')}
          </CButton>
        )}
      </div>
      {tooLong && (
        <p id={`${id}-error`} className="small text-danger mb-0">
          {t('composer.tooLong', { max: maxLength })}
        </p>
      )}
    </CForm>
  );
}
