/**
 * /chat (SPEC §2): the knowledge assistant. Conversations on the left, the conversation
 * with its options and question box in the middle, the cited source beside it when opened.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { CAlert } from '@coreui/react';
import { useSelector, useStore } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { BUILTIN_MODEL_ID } from '@contract/chat';
import { PageHeading } from '@/components/page-heading';
import { errorText } from '@/lib/error-text';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useLibDispatch } from '@/lib/store-types';
import { useChatModelsQuery } from './chat-api';
import { ChatComposer } from './chat-composer';
import { ChatMessageView, type MessageActions } from './chat-message';
import { ChatSettings } from './chat-settings';
import {
  departmentChosen,
  modelChosen,
  modelsOffered,
  newChatStarted,
  sendingStopped,
  sourceClosed,
} from './chat-slice';
import { type ChatState, objectUrlsOf, selectChat } from './chat-state';
import { openSource } from './answer-action-thunks';
import { ask, loadConversation, requestChart } from './chat-thunks';
import { ConversationList } from './conversation-list';
import { modelLabel } from './model-label';
import { releaseObjectUrls } from './object-urls';
import { RecommendedQuestions } from './recommended-questions';
import { SourceViewer } from './source-viewer';
import { useComposerInView } from './use-composer-in-view';
import './chat.css';

/** Frees the blobs of sources and charts the state no longer holds (also after a logout). */
function useReleaseDroppedUrls(urls: string[]) {
  const store = useStore();
  const key = urls.join(' ');
  useEffect(() => {
    releaseObjectUrls(key ? key.split(' ') : []);
  }, [key]);
  useEffect(() => () => releaseObjectUrls(objectUrlsOf(selectChat(store.getState()))), [store]);
}

/** The message list stays scrolled to its end as answers stream in and charts load. */
function useStickToBottom(listRef: RefObject<HTMLDivElement | null>, chat: ChatState) {
  const lastText = chat.messages.at(-1)?.text ?? '';
  const lastVisual = chat.messages.at(-1)?.visual?.status;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [listRef, chat.messages.length, lastText, lastVisual]);

  // A chart grows the last answer when its image has loaded, after the effect above ran.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onLoad = (event: Event) => {
      if (list.lastElementChild?.contains(event.target as Node)) list.scrollTop = list.scrollHeight;
    };
    list.addEventListener('load', onLoad, true);
    return () => list.removeEventListener('load', onLoad, true);
  }, [listRef]);
}

export function ChatPage() {
  const { t } = useTranslation(['chat', 'errors']);
  const dispatch = useLibDispatch();
  const chat = useSelector(selectChat);
  const subject = useSelector(selectAccessSubject);
  const { departments } = useDepartmentChoices('Query', 'QUERY_DOCUMENT');
  // Once the session ends the cache is reset; a refetch then would fail and reset it again.
  const signedOut = subject === null;
  const models = useChatModelsQuery(undefined, { skip: signedOut });
  const listRef = useRef<HTMLDivElement>(null);

  useReleaseDroppedUrls(objectUrlsOf(chat));

  useEffect(() => {
    if (models.data) dispatch(modelsOffered(models.data));
  }, [dispatch, models.data]);

  useEffect(() => {
    if (departments.length > 0 && !departments.some((d) => d.id === chat.departmentId))
      dispatch(departmentChosen(departments[0].id));
  }, [dispatch, departments, chat.departmentId]);

  useStickToBottom(listRef, chat);
  useComposerInView(listRef);

  const modelList = models.data?.models ?? [];
  const actions: MessageActions = {
    openReference: (r) => void dispatch(openSource(r)),
    openDocument: (id, name) =>
      void dispatch(openSource({ document_id: id, document_name: name, page: null })),
    chart: (m) => void dispatch(requestChart({ id: m.id, force: true })),
    askWithBuiltin: (question) => {
      dispatch(modelChosen(BUILTIN_MODEL_ID));
      void dispatch(ask(question));
    },
    modelLabel: (id) => modelLabel(t, id, modelList),
    busy: chat.sending,
  };

  const isWidget = subject?.isWidget === true;
  const cannotQuery = !isWidget && !subject?.is_defaultadmin && departments.length === 0;
  const sourceOpen = chat.source.status !== 'idle';

  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <div className={`chat-layout${sourceOpen ? ' with-source' : ''}`}>
        <ConversationList
          skip={signedOut}
          activeId={chat.uuid}
          disabled={chat.sending}
          onOpen={(id) => void dispatch(loadConversation(id))}
          onNew={() => dispatch(newChatStarted())}
          onDeleted={(id) => id === chat.uuid && dispatch(newChatStarted())}
        />
        <section className="chat-main" aria-label={t('title')}>
          <ChatSettings
            chat={chat}
            models={modelList}
            modelsState={models.isError ? 'failed' : models.data ? 'ready' : 'loading'}
            departments={departments}
          />
          {cannotQuery && (
            <CAlert color="warning" className="mt-2 mb-0">
              {t('noDepartment')}
            </CAlert>
          )}
          {chat.conversationStatus === 'failed' && chat.conversationError && (
            <CAlert color="danger" className="mt-2 mb-0" role="alert">
              {t('conversations.loadFailed', { message: errorText(t, chat.conversationError) })}
            </CAlert>
          )}
          {/* The log is the scrolling region; the list inside keeps its list semantics. */}
          <div ref={listRef} className="chat-messages" role="log" aria-label={t('title')}>
            <ol className="list-unstyled m-0">
              {chat.messages.length === 0 && (
                <li className="text-body-secondary p-3">{t('emptyConversation')}</li>
              )}
              {chat.messages.map((m) => (
                <ChatMessageView key={m.id} message={m} actions={actions} />
              ))}
            </ol>
          </div>
          <RecommendedQuestions
            questions={chat.recommendedQuestions}
            status={chat.recommendationsStatus}
            disabled={chat.sending}
            onAsk={(q) => void dispatch(ask(q))}
          />
          <ChatComposer
            sending={chat.sending}
            disabled={cannotQuery}
            onSend={(q) => void dispatch(ask(q))}
            onStop={() => dispatch(sendingStopped())}
          />
        </section>
        {sourceOpen && (
          <SourceViewer
            pdfUrl={chat.pdfUrl}
            source={chat.source}
            onClose={() => dispatch(sourceClosed())}
          />
        )}
      </div>
    </>
  );
}
