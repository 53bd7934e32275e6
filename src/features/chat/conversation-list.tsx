import { useId, useState, type FormEvent } from 'react';
import { CButton, CFormInput, CFormLabel, CSpinner } from '@coreui/react';
import CIcon from '@coreui/icons-react';
import { cilPencil, cilPlus, cilTrash } from '@coreui/icons';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@contract/chat';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import {
  useConversationsQuery,
  useDeleteConversationMutation,
  useRenameConversationMutation,
} from './chat-api';

const TITLE_MAX = 120;

function RenameForm({ conversation, onDone }: { conversation: Conversation; onDone: () => void }) {
  const { t } = useTranslation(['chat', 'errors']);
  const dispatch = useLibDispatch();
  const id = useId();
  const [title, setTitle] = useState(conversation.title);
  const [rename, { isLoading }] = useRenameConversationMutation();
  const [problem, setProblem] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    try {
      await rename({ chatId: conversation.chat_id, title: trimmed }).unwrap();
      dispatch(toastAdded({ message: t('conversations.renamed'), color: 'success' }));
      onDone();
    } catch (error) {
      setProblem(errorText(t, toApiErrorData(error)));
    }
  }

  return (
    <form className="p-2" onSubmit={(e) => void submit(e)}>
      <CFormLabel htmlFor={id} className="small mb-1">
        {t('conversations.titleLabel')}
      </CFormLabel>
      <CFormInput
        id={id}
        size="sm"
        value={title}
        dir="auto"
        maxLength={TITLE_MAX}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      {problem && (
        <p className="small text-danger mb-0" role="alert">
          {problem}
        </p>
      )}
      <div className="d-flex gap-1 mt-1">
        <CButton type="submit" size="sm" color="primary" disabled={isLoading || !title.trim()}>
          {t('conversations.save')}
        </CButton>
        <CButton size="sm" color="secondary" variant="ghost" onClick={onDone}>
          {t('common:cancel')}
        </CButton>
      </div>
    </form>
  );
}

/** One conversation: open it, rename it, or ask to delete it. */
function ConversationItem({
  conversation,
  active,
  disabled,
  onOpen,
  onRename,
  onDelete,
}: {
  conversation: Conversation;
  active: boolean;
  disabled: boolean;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('chat');
  return (
    <div className="d-flex align-items-start">
      <button
        type="button"
        className="chat-conversation-open"
        aria-current={active ? 'true' : undefined}
        aria-label={t('conversations.open', { title: conversation.title })}
        disabled={disabled}
        onClick={onOpen}
      >
        {/* dir="auto": an English title in the Arabic console is cut at its end, not its start. */}
        <span className="d-block text-truncate" dir="auto">
          {conversation.title}
        </span>
        <span className="d-block small text-body-secondary">
          {formatDateTime(conversation.updated_at, { locale: i18n.language })} ·{' '}
          {t('conversations.messages', { n: conversation.message_count })}
        </span>
      </button>
      <CButton
        size="sm"
        color="secondary"
        variant="ghost"
        aria-label={t('conversations.renameLabel', { title: conversation.title })}
        title={t('conversations.rename')}
        onClick={onRename}
      >
        <CIcon icon={cilPencil} aria-hidden="true" />
      </CButton>
      <CButton
        size="sm"
        color="danger"
        variant="ghost"
        aria-label={t('conversations.deleteLabel', { title: conversation.title })}
        title={t('conversations.delete')}
        disabled={disabled}
        onClick={onDelete}
      >
        <CIcon icon={cilTrash} aria-hidden="true" />
      </CButton>
    </div>
  );
}

/** GET /chat/conversations: reopen, rename, delete (with a confirmation) and a new chat. */
export function ConversationList({
  skip,
  activeId,
  disabled,
  onOpen,
  onNew,
  onDeleted,
}: {
  /** No session (it just ended): nothing to list. */
  skip: boolean;
  activeId: string | null;
  disabled: boolean;
  onOpen: (chatId: string) => void;
  onNew: () => void;
  onDeleted: (chatId: string) => void;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const dispatch = useLibDispatch();
  const { data, isLoading, isError } = useConversationsQuery(undefined, { skip });
  const [remove, { isLoading: deleting }] = useDeleteConversationMutation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Conversation | null>(null);

  async function confirmDelete() {
    if (!confirming) return;
    const { chat_id } = confirming;
    try {
      await remove(chat_id).unwrap();
      dispatch(toastAdded({ message: t('conversations.deleted'), color: 'success' }));
      onDeleted(chat_id);
    } catch (error) {
      dispatch(toastAdded({ message: errorText(t, toApiErrorData(error)), color: 'danger' }));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <nav className="chat-conversations" aria-label={t('conversations.heading')}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 className="h6 mb-0">{t('conversations.heading')}</h2>
        <CButton size="sm" color="primary" variant="outline" onClick={onNew} disabled={disabled}>
          <CIcon icon={cilPlus} className="me-1" aria-hidden="true" />
          {t('conversations.new')}
        </CButton>
      </div>
      {isLoading && <CSpinner size="sm" aria-label={t('conversations.loading')} />}
      {isError && <p className="small text-danger">{t('conversations.failed')}</p>}
      {data && data.length === 0 && (
        <p className="small text-body-secondary">{t('conversations.empty')}</p>
      )}
      <ul className="list-unstyled mb-0">
        {(data ?? []).map((c) => (
          <li
            key={c.chat_id}
            className={`chat-conversation${c.chat_id === activeId ? ' active' : ''}`}
            data-testid="chat-conversation"
          >
            {renaming === c.chat_id ? (
              <RenameForm conversation={c} onDone={() => setRenaming(null)} />
            ) : (
              <ConversationItem
                conversation={c}
                active={c.chat_id === activeId}
                disabled={disabled}
                onOpen={() => onOpen(c.chat_id)}
                onRename={() => setRenaming(c.chat_id)}
                onDelete={() => setConfirming(c)}
              />
            )}
          </li>
        ))}
      </ul>
      <ConfirmModal
        visible={confirming !== null}
        title={t('conversations.deleteTitle')}
        message={t('conversations.deleteMessage', { title: confirming?.title ?? '' })}
        confirmLabel={t('conversations.delete')}
        confirmColor="danger"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </nav>
  );
}
