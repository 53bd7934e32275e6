import { useId, useState, type FormEvent } from 'react';
import { CAlert, CButton, CForm, CFormCheck, CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { HELPDESK_CALLBACK_PATH } from '@contract/helpdesk';
import {
  HELPDESK_NAME_MAX,
  HELPDESK_WEBHOOK_PATH,
  helpdeskInputSchema,
  type Helpdesk,
} from '@contract/helpdesk-api';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { FormPage } from '@/components/record-page';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { useToastedAction } from '@/components/use-toasted-action';
import { validateWith } from '@/lib/form-errors';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import {
  useCreateHelpdeskMutation,
  useGetHelpdeskQuery,
  useUpdateHelpdeskMutation,
} from './helpdesk-api';
import { CopyButton } from './copy-button';
import type { HelpdeskLinks } from './helpdesk-links';
import { HelpdeskTickets } from './helpdesk-tickets';

/** add-helpdesk and update-helpdesk/{id} (SPEC §2): one form; the secret is shown once. */
export function HelpdeskFormPage({ links }: { links: HelpdeskLinks }) {
  const { t } = useTranslation(['helpdesk', 'errors']);
  const id = Number(useParams().id);
  const editing = useParams().id !== undefined;
  const query = useGetHelpdeskQuery(id, { skip: !editing || !Number.isInteger(id) });
  const [secret, setSecret] = useState<string | null>(null);
  if (secret) return <SecretNotice secret={secret} links={links} />;
  return (
    <FormPage
      heading={t(editing ? 'editTitle' : 'addTitle')}
      editing={editing}
      query={query}
      valid={!editing || Number.isInteger(id)}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(helpdesk) => (
        <>
          <HelpdeskForm
            key={helpdesk?.updated_at}
            helpdesk={helpdesk}
            links={links}
            onSecret={setSecret}
          />
          {helpdesk && <HelpdeskTickets helpdeskId={helpdesk.id} />}
        </>
      )}
    />
  );
}

/** The signing secret, once: the helpdesk site needs it to verify webhooks and exchange tokens. */
function SecretNotice({ secret, links }: { secret: string; links: HelpdeskLinks }) {
  const { t } = useTranslation('helpdesk');
  return (
    <SectionCard heading={t('secret.title')}>
      <CAlert color="warning">{t('secret.once')}</CAlert>
      <p className="mb-1">{t('secret.label')}</p>
      {/* A secret reads left to right in every language, Arabic included. */}
      <pre dir="ltr" className="border rounded p-2 text-break" data-testid="helpdesk-secret">
        <code>{secret}</code>
      </pre>
      <CopyButton
        text={secret}
        label={t('secret.copyLabel')}
        texts={{
          copy: t('secret.copy'),
          copied: t('secret.copied'),
          failed: t('secret.copyFailed'),
        }}
      />
      <p className="small text-body-secondary mt-3">{t('secret.usage')}</p>
      <CButton as={Link} to={links.list} color="primary">
        {t('secret.done')}
      </CButton>
    </SectionCard>
  );
}

interface Values {
  name: string;
  site_url: string;
  callback_path: string;
  webhook_path: string;
  status: boolean;
  departments: number[];
}

function HelpdeskForm(props: {
  helpdesk?: Helpdesk;
  links: HelpdeskLinks;
  onSecret: (secret: string) => void;
}) {
  const { helpdesk, links, onSecret } = props;
  const { t } = useTranslation(['helpdesk', 'validation', 'errors']);
  const saving = useRecordSave(useCreateHelpdeskMutation(), useUpdateHelpdeskMutation());
  const [rotate, rotating] = useUpdateHelpdeskMutation();
  const run = useToastedAction();
  const choices = useDepartmentChoices('Helpdesk', helpdesk ? 'UPDATE' : 'ADD').departments;
  const groupId = useId();
  const form = useForm<Values>(() => ({
    name: helpdesk?.name ?? '',
    site_url: helpdesk?.site_url ?? '',
    callback_path: helpdesk?.callback_path ?? HELPDESK_CALLBACK_PATH,
    webhook_path: helpdesk?.webhook_path ?? HELPDESK_WEBHOOK_PATH,
    status: helpdesk?.status ?? true,
    departments: helpdesk?.departments ?? [],
  }));
  const { values, set } = form;
  const listed = [...choices];
  helpdesk?.departments.forEach((d, i) => {
    if (!listed.some((c) => c.id === d))
      listed.push({ id: d, name: helpdesk.department_names[i] ?? String(d) });
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(helpdeskInputSchema, values);
    form.start(checked.errors ?? {});
    if (!checked.data) return;
    try {
      const body = checked.data;
      const saved = await saving.save(helpdesk?.id, { create: body, update: body }, (h) =>
        t(helpdesk ? 'updated' : 'created', { name: h.name }),
      );
      if (saved.signing_secret) onSecret(saved.signing_secret);
    } catch (e) {
      form.fail(e);
    }
  }

  async function rotateSecret() {
    if (!helpdesk || !window.confirm(t('secret.rotateConfirm'))) return;
    await run(
      async () => {
        const saved = await rotate({ id: helpdesk.id, body: { rotate_secret: true } }).unwrap();
        if (saved.signing_secret) onSecret(saved.signing_secret);
      },
      () => t('secret.rotated'),
    );
  }

  const departmentsError = form.error('departments');
  return (
    <SectionCard>
      <FormError error={form.serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField
          label={t('fields.name')}
          maxLength={HELPDESK_NAME_MAX}
          required
          {...form.text('name')}
        />
        <FormField
          label={t('fields.siteUrl')}
          type="url"
          required
          hint={t('siteUrlHint')}
          {...form.text('site_url')}
        />
        <FormField
          label={t('fields.callbackPath')}
          hint={t('callbackHint')}
          {...form.text('callback_path')}
        />
        <FormField
          label={t('fields.webhookPath')}
          hint={t('webhookHint')}
          {...form.text('webhook_path')}
        />
        <fieldset
          className="mb-3"
          aria-describedby={departmentsError ? `${groupId}-error` : undefined}
        >
          <legend className="form-label fs-6 mb-1">{t('fields.departments')}</legend>
          {listed.length === 0 && (
            <p className="small text-body-secondary mb-1">{t('noDepartments')}</p>
          )}
          <div className="d-flex flex-wrap column-gap-4">
            {listed.map((d) => (
              <CFormCheck
                key={d.id}
                id={`${groupId}-${d.id}`}
                label={d.name}
                checked={values.departments.includes(d.id)}
                onChange={(e) =>
                  set(
                    'departments',
                    e.target.checked
                      ? [...values.departments, d.id]
                      : values.departments.filter((v) => v !== d.id),
                  )
                }
              />
            ))}
          </div>
          {departmentsError && (
            <div id={`${groupId}-error`} className="invalid-feedback d-block">
              {departmentsError}
            </div>
          )}
        </fieldset>
        <CFormSwitch
          id="helpdesk-status"
          className="mb-3"
          label={t('fields.active')}
          checked={values.status}
          onChange={(e) => set('status', e.target.checked)}
        />
        <FormActions
          submit={t(helpdesk ? 'save' : 'create')}
          busy={saving.busy}
          back={{ to: links.list, text: t('common:cancel') }}
        >
          {helpdesk && (
            <CButton
              type="button"
              color="secondary"
              variant="outline"
              disabled={rotating.isLoading}
              onClick={() => void rotateSecret()}
            >
              {t('secret.rotate')}
            </CButton>
          )}
        </FormActions>
      </CForm>
    </SectionCard>
  );
}
