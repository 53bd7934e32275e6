/**
 * /chat for a chat widget's visitor: the chat alone, in the widget's colours, its
 * welcome message first, then the conversation so far (restored after a reload), answers from
 * the widget's target areas with their references, and a rating per answer. Made for the
 * widget's frame: it fills the frame's height and works from 360 px wide.
 */
import { type CSSProperties, useCallback, useEffect, useReducer, useRef } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@contract/constants';
import { VISITOR_QUESTION_MAX } from '@contract/widget-session';
import type { VisitorWidget } from '@contract/service-agent';
import { PageHeading } from '@/components/page-heading';
import { CLIENT_ERROR_CODES, toApiErrorData } from '@/lib/http';
import { visitorErrorText } from '@/lib/visitor-error-text';
import { embeddingOrigin, rememberedVisit, rememberVisit, tellHost } from '@/lib/widget-frame';
import {
  useAskAsVisitorMutation,
  useLazyVisitorWidgetQuery,
  useRateAsVisitorMutation,
} from './chat-api';
import { ChatComposer } from './chat-composer';
import type { ChatMessage } from './chat-state';
import { initialVisitorChat, visitorChatReducer } from './visitor-chat-state';
import { VisitorHandover } from './visitor-handover';
import { useTellVisitorPageMutation } from './visitor-handover-api';
import { VisitorMessage, type Rating } from './visitor-message';
import './chat.css';
import './visitor-chat.css';

let asked = 0;

/**
 * Tells the server the page the widget is on (`?page=`, from the embed script) and the language
 * it speaks, once per session: a ticket of this conversation carries them to the helpdesk. A
 * refusal (a page of another site) costs the visitor nothing. Returns the call in flight, which
 * a question waits for, so a ticket opened by the first question already knows the page.
 */
function useTellPage(search: string, sessionId: string | undefined) {
  const { i18n } = useTranslation();
  const [tell] = useTellVisitorPageMutation();
  const told = useRef<Promise<unknown>>(Promise.resolve());
  const page = new URLSearchParams(search).get('page');
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage as Language)
    : FALLBACK_LANGUAGE;
  useEffect(() => {
    if (!sessionId) return;
    const pageUrl = page && URL.canParse(page) ? page : null;
    told.current = tell({ page_url: pageUrl, language }).catch(() => undefined);
  }, [sessionId, page, language, tell]);
  return told;
}

/** The question being answered, which the visitor (or leaving the page) can stop. */
interface Pending {
  stop: () => void;
  stopped: boolean;
}

export function VisitorChatPage() {
  const { t } = useTranslation(['chat', 'errors']);
  const [loadVisit] = useLazyVisitorWidgetQuery();
  const [askAsVisitor] = useAskAsVisitorMutation();
  const [rateAsVisitor] = useRateAsVisitorMutation();
  const { search } = useLocation();
  const key = new URLSearchParams(search).get('key') ?? '';
  const origin = embeddingOrigin(search);
  const [state, dispatch] = useReducer(visitorChatReducer, initialVisitorChat);
  const pending = useRef<Pending | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    dispatch({ type: 'loading' });
    loadVisit(rememberedVisit(key))
      .unwrap()
      .then(
        (look: VisitorWidget | undefined) => {
          // A load overtaken by a newer one (React runs the effect twice in development, the
          // key changed) settles without data; the newer one fills the page.
          if (!look) return;
          rememberVisit(key, look.session_id);
          dispatch({ type: 'loaded', look });
        },
        (error: unknown) => dispatch({ type: 'loadFailed', error: toApiErrorData(error) }),
      );
  }, [loadVisit, key]);

  useEffect(load, [load]);
  const told = useTellPage(search, state.look?.session_id);
  // Leaving the page (a new login, a closed frame) stops a pending answer.
  useEffect(() => () => pending.current?.stop(), []);

  const last = state.messages.at(-1);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [state.messages.length, last?.text, last?.status]);

  async function ask(question: string) {
    const id = `visit-${(asked += 1)}`;
    dispatch({ type: 'asked', id, question, timestamp: new Date().toISOString() });
    await told.current;
    const request = askAsVisitor({
      query: question,
      onMeta: (references) => dispatch({ type: 'meta', id, references }),
      onDelta: (text) => dispatch({ type: 'delta', id, text }),
    });
    const current: Pending = {
      stopped: false,
      stop: () => {
        current.stopped = true;
        request.abort();
      },
    };
    pending.current = current;
    try {
      dispatch({ type: 'answered', id, answer: await request.unwrap() });
    } catch (failure) {
      const error = toApiErrorData(failure);
      const cancelled = current.stopped || error.code === CLIENT_ERROR_CODES.aborted;
      dispatch({ type: 'failed', id, error, cancelled });
    } finally {
      if (pending.current === current) pending.current = null;
    }
  }

  async function rate(message: ChatMessage, rating: Rating) {
    const messageId = message.details?.messageId;
    if (messageId === null || messageId === undefined) return;
    dispatch({ type: 'rating', id: message.id, rating });
    try {
      await rateAsVisitor({ messageId, rating }).unwrap();
      dispatch({ type: 'rated', id: message.id, error: null });
    } catch (failure) {
      dispatch({ type: 'rated', id: message.id, error: toApiErrorData(failure) });
    }
  }

  const look = state.look;
  const colours = look
    ? ({ '--widget-fg': look.fg_color, '--widget-bg': look.bg_color } as CSSProperties)
    : undefined;

  return (
    <div className="visitor-chat" style={colours}>
      <header className="visitor-chat-header">
        <PageHeading className="h6 mb-0 text-truncate">
          {look?.client_name ?? t('title')}
        </PageHeading>
        {origin && (
          <button
            type="button"
            className="visitor-chat-close"
            aria-label={t('visitor.close')}
            onClick={() => tellHost(origin, key, { type: 'close' })}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </header>
      {state.status === 'failed' && state.error ? (
        <div className="p-3">
          <div className="alert alert-danger" role="alert">
            {visitorErrorText(t, state.error)}
          </div>
          <CButton color="primary" onClick={load}>
            {t('visitor.retry')}
          </CButton>
        </div>
      ) : !look ? (
        <div className="d-flex justify-content-center p-4" role="status">
          <CSpinner color="primary" aria-hidden="true" />
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      ) : (
        <>
          {/* The log is the scrolling region; the list inside keeps its list semantics. */}
          <div
            ref={listRef}
            className="visitor-chat-messages"
            role="log"
            aria-label={look.client_name}
          >
            <ol className="list-unstyled m-0">
              {/* No welcome of the widget's own: the default one, in the visitor's language. */}
              <li className="chat-message chat-message-server" data-testid="visitor-welcome">
                <div className="chat-bubble">
                  <div className="chat-plain-text" dir="auto">
                    {look.welcome_message.trim() || t('common:widgetWelcome')}
                  </div>
                </div>
              </li>
              {state.messages.map((m) => (
                <VisitorMessage key={m.id} message={m} onRate={(msg, r) => void rate(msg, r)} />
              ))}
            </ol>
            <VisitorHandover
              version={`${state.messages.length}:${state.sending}:${state.messages.map((m) => m.feedback?.rating ?? '').join()}`}
            />
          </div>
          <ChatComposer
            sending={state.sending}
            disabled={false}
            maxLength={VISITOR_QUESTION_MAX}
            // A visitor has no "documents" of their own: the widget has no placeholder of its
            // own to set, so a plain invitation in the visitor's language.
            placeholder={t('visitor.placeholder')}
            onSend={(q) => void ask(q)}
            onStop={() => pending.current?.stop()}
          />
        </>
      )}
    </div>
  );
}
