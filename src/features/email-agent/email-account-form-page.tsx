import { useMemo, useState, type FormEvent } from 'react';
import { CCol, CForm, CFormCheck, CFormSwitch, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  changedDestination,
  emailAccountInputSchema,
  emailAccountUpdateSchema,
  TLS_MODES,
  type EmailAccount,
  type EmailAccountCreate,
} from '@contract/email-agents';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { FormPage } from '@/components/record-page';
import { SelectField } from '@/components/select-field';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { validateWith } from '@/lib/form-errors';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { ConnectionTestButton, type TestedConnection } from './connection-test';
import {
  useCreateEmailAgentMutation,
  useGetEmailAgentQuery,
  useTestEmailConnectionMutation,
  useUpdateEmailAgentMutation,
} from './email-agent-api';
import type { EmailAgentLinks } from './email-agent-links';

/** add-email-agent and update-email-agent/{id} (SPEC §2): the account and its connection. */
export function EmailAccountFormPage({ links }: { links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'errors']);
  const id = useParams().id;
  const editing = id !== undefined;
  const query = useGetEmailAgentQuery(id ?? '', { skip: !editing });
  return (
    <FormPage
      heading={t(editing ? 'editTitle' : 'addTitle')}
      editing={editing}
      query={query}
      valid={!editing || Boolean(id)}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(account) => (
        <AccountForm key={account?.updated_at ?? 'new'} account={account} links={links} />
      )}
    />
  );
}

type Tls = (typeof TLS_MODES)[number];

function initial(a?: EmailAccount) {
  return {
    email: a?.email ?? '',
    title: a?.title ?? '',
    department_id: String(a?.department_id ?? ''),
    imap_host: a?.imap_host ?? '',
    imap_port: String(a?.imap_port ?? 993),
    imap_tls: (a?.imap_tls ?? 'tls') as Tls,
    smtp_host: a?.smtp_host ?? '',
    smtp_port: String(a?.smtp_port ?? 465),
    smtp_tls: (a?.smtp_tls ?? 'tls') as Tls,
    username: a?.username ?? '',
    password: '',
    knowledge: a?.knowledge_departments ?? [],
    require_approval: a?.require_approval ?? true,
    status: a?.status ?? true,
    signature: a?.signature ?? '',
  };
}

function AccountForm({ account, links }: { account?: EmailAccount; links: EmailAgentLinks }) {
  const { t } = useTranslation(['email-agent', 'validation', 'errors']);
  const navigate = useNavigate();
  const saving = useRecordSave(useCreateEmailAgentMutation(), useUpdateEmailAgentMutation());
  const [probe, probing] = useTestEmailConnectionMutation();
  const [tested, setTested] = useState<TestedConnection | null>(null);
  const form = useForm(() => initial(account));
  const { values, set } = form;
  // A stored password goes only where it was entered for: once the servers, ports, security or
  // user name differ from the stored ones, the password has to be typed again.
  const moved = account !== undefined && changedDestination(account, values).length > 0;
  const passwordMissing = moved && !values.password;
  const passwordAgain = { password: 'email-agent:validation.passwordForNewDestination' };
  const departments = useDepartmentChoices('Email_agent', account ? 'UPDATE' : 'ADD').departments;
  const readable = useDepartmentChoices('Query', 'QUERY_DOCUMENT').departments;
  const knowledgeChoices = useMemo(
    () => departments.filter((d) => readable.some((r) => r.id === d.id)),
    [departments, readable],
  );

  const body = () => ({
    email: values.email,
    title: values.title,
    department_id: Number(values.department_id),
    imap_host: values.imap_host,
    imap_port: Number(values.imap_port),
    imap_tls: values.imap_tls,
    smtp_host: values.smtp_host,
    smtp_port: Number(values.smtp_port),
    smtp_tls: values.smtp_tls,
    username: values.username,
    ...(values.password ? { password: values.password } : {}),
    knowledge_departments: values.knowledge,
    require_approval: values.require_approval,
    status: values.status,
    signature: values.signature,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(
      account ? emailAccountUpdateSchema : emailAccountInputSchema,
      body(),
    );
    form.start({ ...(passwordMissing ? passwordAgain : {}), ...checked.errors });
    if (!checked.data || passwordMissing) return;
    try {
      const saved = await saving.save(
        account?.id,
        // Checked above with the schema of this mode: the whole account when adding (so it is an
        // EmailAccountCreate), the changes when editing. Parsing the create schema while editing
        // threw on the empty password that keeps the stored one, and the save never went out.
        { create: checked.data as EmailAccountCreate, update: checked.data },
        (a) => t(account ? 'updated' : 'created', { name: a.email }),
      );
      void navigate(links.view(saved.id));
    } catch (e) {
      form.fail(e);
    }
  }

  async function testConnection() {
    setTested(null);
    form.start(passwordMissing ? passwordAgain : {});
    if (passwordMissing) return;
    const b = body();
    try {
      const result = await probe({
        ...b,
        ...(account && !values.password ? { account_id: account.id } : {}),
      }).unwrap();
      setTested({ result, hosts: { imap: b.imap_host, smtp: b.smtp_host } });
    } catch (e) {
      form.fail(e);
    }
  }

  const endpoint = (kind: 'imap' | 'smtp') => (
    <CRow>
      <CCol sm={6}>
        <FormField label={t(`fields.${kind}Host`)} required {...form.text(`${kind}_host`)} />
      </CCol>
      {/* The port is five digits at most; the TLS mode's words need the room (in Arabic too). */}
      <CCol sm={2}>
        <FormField
          label={t('fields.port')}
          type="number"
          min={1}
          max={65535}
          {...form.text(`${kind}_port`)}
        />
      </CCol>
      <CCol sm={4}>
        <SelectField
          label={t('fields.tls')}
          value={values[`${kind}_tls`]}
          onChange={(e) => set(`${kind}_tls`, e.target.value as Tls)}
        >
          {TLS_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`tls.${m}`)}
            </option>
          ))}
        </SelectField>
      </CCol>
    </CRow>
  );

  return (
    <SectionCard>
      <FormError error={form.serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <CRow>
          <CCol md={6}>
            <FormField label={t('fields.email')} type="email" required {...form.text('email')} />
          </CCol>
          <CCol md={6}>
            <FormField label={t('fields.title')} required {...form.text('title')} />
          </CCol>
        </CRow>
        <SelectField
          label={t('fields.department')}
          value={values.department_id}
          onChange={(e) => set('department_id', e.target.value)}
          error={form.error('department_id')}
        >
          <option value="">{t('chooseDepartment')}</option>
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <h2 className="h6 mt-3">{t('imap')}</h2>
        {endpoint('imap')}
        <h2 className="h6 mt-2">{t('smtp')}</h2>
        {endpoint('smtp')}
        <CRow>
          <CCol md={6}>
            <FormField
              label={t('fields.username')}
              required
              autoComplete="off"
              {...form.text('username')}
            />
          </CCol>
          <CCol md={6}>
            <FormField
              label={t('fields.password')}
              type="password"
              autoComplete="new-password"
              required={!account || moved}
              hint={
                moved ? t('passwordAgain') : account?.has_password ? t('passwordKept') : undefined
              }
              {...form.text('password')}
            />
          </CCol>
        </CRow>
        <ConnectionTestButton
          onTest={() => void testConnection()}
          busy={probing.isLoading}
          tested={tested}
        />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('fields.knowledge')}</legend>
          {knowledgeChoices.length === 0 && (
            <p className="small text-body-secondary">{t('noKnowledge')}</p>
          )}
          {knowledgeChoices.map((d) => (
            <CFormCheck
              key={d.id}
              id={`knowledge-${d.id}`}
              label={d.name}
              checked={values.knowledge.includes(d.id)}
              onChange={(e) =>
                set(
                  'knowledge',
                  e.target.checked
                    ? [...values.knowledge, d.id]
                    : values.knowledge.filter((k) => k !== d.id),
                )
              }
            />
          ))}
        </fieldset>
        <TextareaField
          label={t('fields.signature')}
          hint={t('signatureHint')}
          rows={4}
          dir="auto"
          {...form.text('signature')}
        />
        <CFormSwitch
          id="email-approval"
          label={t('fields.requireApproval')}
          checked={values.require_approval}
          onChange={(e) => set('require_approval', e.target.checked)}
        />
        <CFormSwitch
          id="email-status"
          className="mb-3"
          label={t('fields.active')}
          checked={values.status}
          onChange={(e) => set('status', e.target.checked)}
        />
        <FormActions
          submit={t(account ? 'save' : 'create')}
          busy={saving.busy}
          back={{ to: account ? links.view(account.id) : links.list, text: t('common:cancel') }}
        />
      </CForm>
    </SectionCard>
  );
}
