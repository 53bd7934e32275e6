import { useState, type FormEvent } from 'react';
import { CAlert, CButton, CCol, CForm, CFormSwitch, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { isTrialUser } from '@contract/access';
import {
  changedDestination,
  DB_DEFAULT_PORTS,
  dbSourceInputSchema,
  type DbSource,
  type DbSourceCreate,
  type DbSourceType,
  type DbTestResult,
} from '@contract/db-sources';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { SelectField } from '@/components/select-field';
import { useForm } from '@/components/use-form';
import { validateWith } from '@/lib/form-errors';
import type { ApiErrorData } from '@/lib/http';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { RightsToRevoke, TestedNotice } from './db-source-form-notices';
import type { DbSourceLinks } from './db-source-links';
import {
  useCreateDbSourceMutation,
  useDbTypesQuery,
  useTestDbSourceMutation,
  useUpdateDbSourceMutation,
} from './db-sources-api';

interface Values {
  name: string;
  db_type: DbSourceType;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  department_id: string;
  is_active: boolean;
}

const initial = (s?: DbSource): Values => ({
  name: s?.name ?? '',
  db_type: s?.db_type ?? 'postgres',
  host: s?.host ?? '127.0.0.1',
  port: String(s?.port ?? DB_DEFAULT_PORTS[s?.db_type ?? 'postgres'] ?? ''),
  database: s?.database ?? '',
  username: s?.username ?? '',
  password: '',
  department_id: s ? String(s.department_id) : '',
  is_active: s?.is_active ?? true,
});

/**
 * The connection of a source: saved only when it connects; "Test" says what failed. A stored
 * password goes only to the stored destination: once the type, host, port, user name or
 * database differs from it, the password must be typed again (the server refuses otherwise).
 * Trial accounts may not add, test or change sources: the form says so instead of offering it.
 */
export function DbSourceForm({ source, links }: { source?: DbSource; links: DbSourceLinks }) {
  const { t } = useTranslation(['db-sources', 'validation', 'errors']);
  const navigate = useNavigate();
  const form = useForm(() => initial(source));
  const types = useDbTypesQuery();
  const departments = useDepartmentChoices('Documents', source ? 'UPDATE' : 'ADD').departments;
  const [create, creating] = useCreateDbSourceMutation();
  const [update, updating] = useUpdateDbSourceMutation();
  const [test, testing] = useTestDbSourceMutation();
  const [tested, setTested] = useState<DbTestResult | null>(null);
  const [failure, setFailure] = useState<ApiErrorData | null>(null);
  const subject = useSelector(selectAccessSubject);
  const trial = Boolean(subject && !subject.is_defaultadmin && isTrialUser(subject));
  const { values, set } = form;
  const file = values.db_type === 'sqlite';
  const port = file || !values.port.trim() ? null : Number(values.port);
  const moved =
    source !== undefined &&
    changedDestination(source, { ...values, host: file ? '' : values.host, port }).length > 0;
  const passwordAgain = Boolean(source?.has_password && moved && !file);

  function checked(): DbSourceCreate | null {
    const result = validateWith(dbSourceInputSchema, {
      ...values,
      host: file ? '' : values.host,
      port,
      department_id: Number(values.department_id),
    });
    const errors = { ...result.errors };
    if (passwordAgain && !values.password) errors.password = 'db-sources:failure.password_required';
    form.start(errors);
    setFailure(null);
    return Object.keys(errors).length === 0 ? result.data : null;
  }

  const fail = (e: unknown) => setFailure(form.fail(e));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    try {
      const saved = source
        ? await update({
            id: source.id,
            body: { ...body, password: body.password || undefined },
          }).unwrap()
        : await create(body).unwrap();
      void navigate(links.view(saved.id));
    } catch (e) {
      fail(e);
    }
  }

  async function onTest() {
    const body = checked();
    setTested(null);
    if (!body) return;
    try {
      setTested(await test({ id: source?.id, body }).unwrap());
    } catch (e) {
      fail(e);
    }
  }

  return (
    <SectionCard heading={t('connection')}>
      {trial && (
        <CAlert color="info" role="note">
          {t('trialNotice')}
        </CAlert>
      )}
      <FormError error={form.serverError} />
      <RightsToRevoke failure={failure} />
      <TestedNotice tested={tested} />
      {source && !source.is_active && <CAlert color="secondary">{t('inactiveHint')}</CAlert>}
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormField label={t('fields.name')} required maxLength={80} {...form.text('name')} />
        <SelectField
          label={t('fields.dbType')}
          name="db_type"
          value={values.db_type}
          error={form.error('db_type')}
          onChange={(e) => {
            const type = e.target.value as DbSourceType;
            set('db_type', type);
            set('port', String(DB_DEFAULT_PORTS[type] ?? ''));
          }}
        >
          {(types.data ?? []).map((type) => (
            <option key={type.key} value={type.key}>
              {t(`types.${type.key}`, { defaultValue: type.label })}
            </option>
          ))}
        </SelectField>
        {!file && (
          <CRow>
            <CCol sm={8}>
              <FormField label={t('fields.host')} required {...form.text('host')} />
            </CCol>
            <CCol sm={4}>
              <FormField label={t('fields.port')} type="number" {...form.text('port')} />
            </CCol>
          </CRow>
        )}
        <FormField
          label={t(file ? 'fields.file' : 'fields.database')}
          required
          hint={file ? t('fileHint') : undefined}
          {...form.text('database')}
        />
        {!file && (
          <CRow>
            <CCol sm={6}>
              <FormField
                label={t('fields.username')}
                autoComplete="off"
                {...form.text('username')}
              />
            </CCol>
            <CCol sm={6}>
              <FormField
                label={t('fields.password')}
                type="password"
                autoComplete="new-password"
                required={passwordAgain}
                hint={
                  passwordAgain
                    ? t('passwordAgain')
                    : source?.has_password
                      ? t('passwordKept')
                      : undefined
                }
                {...form.text('password')}
              />
            </CCol>
          </CRow>
        )}
        <SelectField
          label={t('fields.department')}
          name="department_id"
          required
          value={values.department_id}
          error={form.error('department_id')}
          onChange={(e) => set('department_id', e.target.value)}
        >
          <option value="">{t('chooseDepartment')}</option>
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </SelectField>
        <CFormSwitch
          id="db-source-active"
          className="mb-3"
          label={t('fields.isActive')}
          checked={values.is_active}
          onChange={(e) => set('is_active', e.target.checked)}
        />
        <FormActions
          submit={trial ? undefined : t(source ? 'save' : 'add')}
          busy={creating.isLoading || updating.isLoading}
          back={{ to: links.list, text: t('backToList') }}
        >
          {!trial && (
            <CButton
              color="secondary"
              variant="outline"
              disabled={testing.isLoading}
              onClick={() => void onTest()}
            >
              {t('test')}
            </CButton>
          )}
        </FormActions>
      </CForm>
    </SectionCard>
  );
}
