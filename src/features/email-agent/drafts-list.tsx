import { useState } from 'react';
import { CButton, CCard, CCardBody, CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { MailDraft } from '@contract/email-mailbox';
import { FormField } from '@/components/form-field';
import { ListPager } from '@/components/list-pager';
import { TextareaField } from '@/components/textarea-field';
import { useToastedAction } from '@/components/use-toasted-action';
import { useCan } from '@/lib/session/use-can';
import { useListParams } from '@/lib/use-list-params';
import {
  useDiscardDraftMutation,
  useEditDraftMutation,
  useMailDraftsQuery,
  useSendDraftMutation,
} from './email-agent-api';
import { SignatureNote } from './kept-draft-status';
import { MessageView } from './message-view';

/**
 * The drafted replies waiting for a person: read the mail, edit, approve and send, or discard.
 * Paged like every list (page and size in the address); the API has no search over drafts.
 */
export function DraftsList({ account, signature }: { account: string; signature?: string }) {
  const { t } = useTranslation('email-agent');
  const [params, setParams] = useListParams();
  const list = useMailDraftsQuery({ id: account, page: params.page, size: params.size });
  if (list.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  const drafts = list.data?.items ?? [];
  return (
    <>
      {drafts.length === 0 && <p className="text-body-secondary">{t('noDrafts')}</p>}
      {drafts.map((d) => (
        <DraftCard
          key={`${d.id}-${d.updated_at}`}
          account={account}
          draft={d}
          signature={signature}
        />
      ))}
      {list.data && list.data.total > 0 && (
        <ListPager
          page={params.page}
          size={params.size}
          total={list.data.total}
          onPage={(page) => setParams({ page })}
          onSize={(size) => setParams({ size })}
          label={t('draftPages')}
        />
      )}
    </>
  );
}

function DraftCard(props: { account: string; draft: MailDraft; signature?: string }) {
  const { account, draft } = props;
  const { t } = useTranslation('email-agent');
  const can = useCan();
  const mayAct = can.right('Email_agent', 'UPDATE');
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [edit, editing] = useEditDraftMutation();
  const [send, sending] = useSendDraftMutation();
  const [discard, discarding] = useDiscardDraftMutation();
  const run = useToastedAction();
  const changed = subject !== draft.subject || body !== draft.body;
  const busy = editing.isLoading || sending.isLoading || discarding.isLoading;

  async function save() {
    if (changed) await edit({ id: account, draft: draft.id, body: { subject, body } }).unwrap();
  }

  return (
    <CCard className="mb-4" data-testid="mail-draft">
      <CCardBody>
        {draft.reply_to_message !== null && (
          <MessageView account={account} id={draft.reply_to_message} />
        )}
        <p className="small mb-2">
          {t('replyTo', { to: draft.to.join(', ') })}
          {draft.no_answer && (
            <span className="badge bg-warning text-dark ms-2">{t('noAnswer')}</span>
          )}
        </p>
        <FormField
          label={t('fields.subject')}
          value={subject}
          disabled={!mayAct}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextareaField
          label={t('fields.body')}
          rows={10}
          value={body}
          dir="auto"
          disabled={!mayAct}
          onChange={(e) => setBody(e.target.value)}
        />
        <SignatureNote signature={props.signature} reply={draft.reply_to_message !== null} />
        {draft.references.length > 0 && (
          <div className="small mb-3">
            <div className="fw-semibold">{t('sources')}</div>
            <ol className="mb-0">
              {draft.references.map((r) => (
                <li key={r.n}>
                  {r.document_name}
                  {r.document_title && r.document_title !== r.document_name
                    ? ` (${r.document_title})`
                    : ''}
                  {r.page ? ` · ${t('page', { page: r.page })}` : ''}
                </li>
              ))}
            </ol>
          </div>
        )}
        {mayAct && (
          <div className="d-flex flex-wrap gap-2">
            <CButton
              color="primary"
              disabled={busy}
              onClick={() =>
                void run(
                  async () => {
                    await save();
                    return send({ id: account, draft: draft.id }).unwrap();
                  },
                  () => t('replySent', { to: draft.to.join(', ') }),
                )
              }
            >
              {t('approveSend')}
            </CButton>
            <CButton
              color="secondary"
              variant="outline"
              disabled={busy || !changed}
              onClick={() => void run(save, () => t('draftSaved'))}
            >
              {t('saveDraft')}
            </CButton>
            <CButton
              color="danger"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                void run(
                  () => discard({ id: account, draft: draft.id }).unwrap(),
                  () => t('draftDiscarded'),
                )
              }
            >
              {t('discard')}
            </CButton>
          </div>
        )}
      </CCardBody>
    </CCard>
  );
}
