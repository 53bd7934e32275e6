/**
 * Creating an API key: name, departments, rights (the roles' matrix, limited to what the person
 * holds in every chosen department) and expiry; then the key itself, shown this once, to copy,
 * with a curl command that calls the API with it.
 */
import { useId, useMemo, useState, type ComponentType, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CForm,
  CFormCheck,
  CFormInput,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { apiKeyInputSchema, exampleReadPath, type CreatedApiKey } from '@contract/api-keys';
import { FormError } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { useForm } from '@/components/use-form';
import { validateWith } from '@/lib/form-errors';
import { heldPermissionIds } from '@/lib/session/assignable';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { ApiCallGuide } from './api-call-guide';
import { useCreateApiKeyMutation } from './api-keys-api';
import { CopyButton } from './copy-button';

/** The rights picker the app layer hands in (the roles' matrix; features do not share code). */
export interface ScopeMatrix {
  value: readonly number[];
  onChange?: (ids: number[]) => void;
  grantable?: ReadonlySet<number>;
  invalid?: boolean;
}

const EXPIRY_DAYS = [30, 90, 180, 365, 730] as const;

interface Values {
  name: string;
  department_ids: number[];
  permission_set: number[];
  expires_in_days: string;
}

export function ApiKeyCreateDialog({
  ScopeMatrix,
  onClose,
}: {
  ScopeMatrix: ComponentType<ScopeMatrix>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['api-keys', 'errors']);
  const titleId = useId();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <CModal visible size="lg" alignment="center" onClose={onClose} aria-labelledby={titleId}>
      <CModalHeader>
        <CModalTitle id={titleId}>{t(created ? 'createdTitle' : 'addTitle')}</CModalTitle>
      </CModalHeader>
      {created ? (
        <ShownOnce created={created} onClose={onClose} />
      ) : (
        <CreateForm ScopeMatrix={ScopeMatrix} onCreated={setCreated} onCancel={onClose} />
      )}
    </CModal>
  );
}

function CreateForm({
  ScopeMatrix,
  onCreated,
  onCancel,
}: {
  ScopeMatrix: ComponentType<ScopeMatrix>;
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['api-keys', 'errors', 'common']);
  const id = useId();
  const { subject } = useCan();
  const { departments, isAdmin } = useDepartmentChoices('Roles', 'ADD');
  const [create, { isLoading }] = useCreateApiKeyMutation();
  const form = useForm<Values>({
    name: '',
    department_ids: [],
    permission_set: [],
    expires_in_days: '90',
  });
  const { values } = form;
  // Rights held in every chosen department: the server refuses a key anything more.
  const grantable = useMemo(() => {
    if (isAdmin || !subject) return undefined;
    const sets = values.department_ids.map((d) => heldPermissionIds(subject, d));
    if (sets.length === 0) return new Set<number>();
    return new Set([...sets[0]].filter((p) => sets.every((s) => s.has(p))));
  }, [isAdmin, subject, values.department_ids]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { data, errors } = validateWith(apiKeyInputSchema, values);
    form.start(errors ?? {});
    if (!data) return;
    try {
      onCreated(await create(data).unwrap());
    } catch (failure) {
      form.fail(failure);
    }
  }

  const departmentError = form.error('department_ids');
  const rightsError = form.error('permission_set');
  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      <CModalBody>
        <FormError error={form.serverError} />
        <FormField label={t('fields.name')} {...form.text('name')} autoComplete="off" />
        <fieldset className="mb-3" aria-invalid={departmentError ? true : undefined}>
          <legend className="form-label fs-6 mb-1">{t('fields.departments')}</legend>
          <div className="d-flex flex-wrap column-gap-4">
            {departments.map((d) => (
              <CFormCheck
                key={d.id}
                id={`${id}-department-${d.id}`}
                label={d.name}
                checked={values.department_ids.includes(d.id)}
                onChange={(e) =>
                  form.set(
                    'department_ids',
                    e.target.checked
                      ? [...values.department_ids, d.id]
                      : values.department_ids.filter((v) => v !== d.id),
                  )
                }
              />
            ))}
          </div>
          {departmentError && <div className="invalid-feedback d-block">{departmentError}</div>}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-1">{t('fields.rights')}</legend>
          <p className="small text-body-secondary mb-2">{t('rightsHint')}</p>
          <ScopeMatrix
            value={values.permission_set}
            onChange={(ids) => form.set('permission_set', ids)}
            grantable={grantable}
            invalid={Boolean(rightsError)}
          />
          {rightsError && <div className="invalid-feedback d-block">{rightsError}</div>}
        </fieldset>
        <SelectField label={t('fields.expiry')} {...form.text('expires_in_days')}>
          {EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('expiresInDays', { count: days })}
            </option>
          ))}
        </SelectField>
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" onClick={onCancel}>
          {t('common:cancel')}
        </CButton>
        <CButton type="submit" color="primary" disabled={isLoading}>
          {t('create')}
        </CButton>
      </CModalFooter>
    </CForm>
  );
}

function ShownOnce({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('api-keys');
  return (
    <>
      <CModalBody>
        <CAlert color="warning">{t('shownOnce')}</CAlert>
        <label htmlFor="api-key-value" className="form-label">
          {t('fields.key', { name: created.name })}
        </label>
        <CFormInput
          id="api-key-value"
          dir="ltr"
          readOnly
          value={created.key}
          className="font-monospace mb-2"
          data-testid="api-key-value"
          onFocus={(e) => e.target.select()}
        />
        <CopyButton
          text={created.key}
          label={t('copyKey')}
          texts={{
            copy: t('copy'),
            copied: t('copied'),
            failed: t('copyFailed'),
            idle: t('usage'),
          }}
        />
        <hr />
        <ApiCallGuide apiKey={created.key} path={exampleReadPath(created.permission_set)} />
      </CModalBody>
      <CModalFooter>
        <CButton color="primary" onClick={onClose}>
          {t('done')}
        </CButton>
      </CModalFooter>
    </>
  );
}
