import { useState, type FormEvent } from 'react';
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
import {
  composeInputSchema,
  MAIL_ATTACHMENT_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX,
} from '@contract/email-mailbox';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { validateWith } from '@/lib/form-errors';
import { toastAdded } from '@/lib/notify/notify-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useComposeMailMutation, useGetEmailAgentQuery } from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';

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

/** email-integration/open-email-compose?account={id} (SPEC §2, checklist layout). */
export function ComposePage({ links }: { links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'validation', 'errors']);
  const [params] = useSearchParams();
  const id = params.get('account') ?? '';
  const account = useGetEmailAgentQuery(id, { skip: !id });
  const navigate = useNavigate();
  const dispatch = useLibDispatch();
  const [compose, sending] = useComposeMailMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm(() => ({ to: '', cc: '', subject: '', body: '' }));
  if (!id)
    return (
      <CAlert color="info">
        {t('chooseAccount')} <Link to={links.list}>{t('backToList')}</Link>
      </CAlert>
    );
  if (account.isLoading) return <CSpinner aria-label={t('common:loading')} />;
  if (!account.data) return <CAlert color="warning">{t('notFound')}</CAlert>;
  const from = account.data;

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
    try {
      await compose({ id: String(from.id), body: checked.data }).unwrap();
      dispatch(toastAdded({ message: t('messageSent'), color: 'success' }));
      void navigate(links.sent(from.id));
    } catch (e) {
      form.fail(e);
    }
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
          <TextareaField label={t('fields.body')} rows={12} required {...form.text('body')} />
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
          <div className="d-flex gap-2">
            <CButton type="submit" color="primary" disabled={sending.isLoading}>
              {t('send')}
            </CButton>
            <CButton as={Link} to={links.inbox(from.id)} color="secondary" variant="outline">
              {t('common:cancel')}
            </CButton>
          </div>
        </CForm>
      </CCardBody>
    </CCard>
  );
}
