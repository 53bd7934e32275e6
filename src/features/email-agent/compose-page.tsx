import { useEffect, useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CForm,
  CFormInput,
  CFormLabel,
  CSpinner,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { EmailAccount } from '@contract/email-agents';
import {
  composeInputSchema,
  MAIL_ATTACHMENT_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX,
  type ComposeDraft,
} from '@contract/email-mailbox';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { validateWith } from '@/lib/form-errors';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useToastedAction } from '@/components/use-toasted-action';
import {
  useComposeDraftQuery,
  useComposeMailMutation,
  useDiscardComposeDraftMutation,
  useGetEmailAgentQuery,
} from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';
import { KeptDraftStatus, SignatureNote } from './kept-draft-status';
import { savesSettled, useKeptDraft } from './use-kept-draft';

const addresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The file as base64, read by FileReader (a data: URL without its prefix). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

/**
 * email-integration/open-email-compose?account={id} (SPEC §2, checklist layout). The person's
 * draft kept for the account comes back in it (use-kept-draft.ts).
 */
export function ComposePage({ links }: { links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'validation', 'errors']);
  const [params] = useSearchParams();
  const id = params.get('account') ?? '';
  const account = useGetEmailAgentQuery(id, { skip: !id });
  // A compose just left in this tab may still be saving its draft: read it once that is through.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void savesSettled().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const kept = useComposeDraftQuery(id, { skip: !id || !ready, refetchOnMountOrArgChange: true });
  // Taken once: a later read must not replace what is being typed.
  const [initial, setInitial] = useState<ComposeDraft | null | undefined>(undefined);
  const settledRead = ready && !kept.isFetching && (kept.isSuccess || kept.isError);
  if (settledRead && initial === undefined) setInitial(kept.data?.draft ?? null);
  if (!id)
    return (
      <CAlert color="info">
        {t('chooseAccount')} <Link to={links.list}>{t('backToList')}</Link>
      </CAlert>
    );
  if (account.isLoading || (account.data && initial === undefined))
    return <CSpinner aria-label={t('common:loading')} />;
  if (!account.data) return <CAlert color="warning">{t('notFound')}</CAlert>;
  return <ComposeForm from={account.data} kept={initial ?? null} links={links} />;
}

function ComposeForm(props: {
  from: EmailAccount;
  kept: ComposeDraft | null;
  links: EmailAgentLinks;
}) {
  const { from, kept, links } = props;
  const { t } = useTranslation(['email-agent', 'validation', 'errors']);
  const navigate = useNavigate();
  const dispatch = useLibDispatch();
  const run = useToastedAction();
  const [compose, sending] = useComposeMailMutation();
  const [discard, discarding] = useDiscardComposeDraftMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm(() => ({
    to: kept?.to ?? '',
    cc: kept?.cc ?? '',
    subject: kept?.subject ?? '',
    body: kept?.body ?? '',
  }));
  const draft = useKeptDraft(String(from.id), form.values, kept);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const tooBig = files.find((f) => f.size > MAIL_ATTACHMENT_MAX_BYTES);
    setFileError(
      tooBig
        ? t('fileTooBig', { name: tooBig.name })
        : files.length > MAIL_ATTACHMENTS_MAX
          ? t('tooManyFiles')
          : null,
    );
    if (tooBig || files.length > MAIL_ATTACHMENTS_MAX) return;
    const checked = validateWith(composeInputSchema, {
      to: addresses(form.values.to),
      cc: addresses(form.values.cc),
      subject: form.values.subject,
      body: form.values.body,
      attachments: await Promise.all(
        files.map(async (f) => ({
          filename: f.name,
          content_type: f.type || 'application/octet-stream',
          content: await base64Of(f),
        })),
      ),
    });
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    // The server drops the kept draft with the send: no save may land after it.
    await draft.settle();
    try {
      await compose({ id: String(from.id), body: checked.data }).unwrap();
      dispatch(toastAdded({ message: t('messageSent'), color: 'success' }));
      void navigate(links.sent(from.id));
    } catch (e) {
      draft.resume();
      form.fail(e);
    }
  }

  async function discardDraft() {
    await draft.settle();
    const done = await run(
      () => discard(String(from.id)).unwrap(),
      () => t('draftDiscarded'),
    );
    if (done) void navigate(links.inbox(from.id));
    else draft.resume();
  }

  return (
    <CCard className="my-3">
      <CCardBody>
        <h1 className="h4">{t('composeTitle', { from: from.email })}</h1>
        <FormError error={form.serverError} />
        <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
          <FormField
            label={t('fields.to')}
            hint={t('addressesHint')}
            required
            {...form.text('to')}
          />
          <FormField label={t('fields.cc')} {...form.text('cc')} />
          <FormField label={t('fields.subject')} required {...form.text('subject')} />
          <TextareaField
            label={t('fields.body')}
            rows={12}
            required
            dir="auto"
            {...form.text('body')}
          />
          <SignatureNote signature={from.signature} />
          <div className="mb-3">
            <CFormLabel htmlFor="compose-files">{t('attachments')}</CFormLabel>
            <CFormInput
              id="compose-files"
              type="file"
              multiple
              invalid={Boolean(fileError)}
              feedbackInvalid={fileError ?? undefined}
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
          </div>
          <KeptDraftStatus state={draft.state} />
          <div className="d-flex flex-wrap gap-2">
            <CButton type="submit" color="primary" disabled={sending.isLoading}>
              {t('send')}
            </CButton>
            {/* Leaving keeps the draft; it comes back when compose is opened again. */}
            <CButton as={Link} to={links.inbox(from.id)} color="secondary" variant="outline">
              {t('close')}
            </CButton>
            <CButton
              color="danger"
              variant="ghost"
              disabled={discarding.isLoading || sending.isLoading}
              onClick={() => void discardDraft()}
            >
              {t('discardDraft')}
            </CButton>
          </div>
        </CForm>
      </CCardBody>
    </CCard>
  );
}
