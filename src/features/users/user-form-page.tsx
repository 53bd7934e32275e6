import { useState, type FormEvent } from 'react';
import { CAlert, CCol, CForm, CFormSwitch, CRow } from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ManagedUser, Role } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { recordFormPage } from '@/components/record-page';
import { SelectField } from '@/components/select-field';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { selectProfile } from '@/lib/session/session-slice';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { AssignmentsEditor } from './assignments-editor';
import {
  changesOf,
  CODE_FIELDS,
  collect,
  initialValues,
  knownRole,
  type UserValues,
} from './user-form-values';
import type { UserLinks } from './user-links';
import { fullName } from './user-names';
import {
  useCreateUserMutation,
  useGetUserQuery,
  useUpdateUserMutation,
  useUserRoleChoicesQuery,
} from './users-api';

/** add-user (no id) and edit-user/{user_id}. */
export const UserFormPage = recordFormPage({
  ns: 'users',
  param: 'user_id',
  titles: { add: 'addTitle', edit: 'editTitle' },
  useRecord: useGetUserQuery,
  Form: UserForm,
});

type UserFormState = ReturnType<typeof useForm<UserValues>>;

/**
 * What assignments may name: the departments and roles the editor may pick, plus those the
 * user already holds (they stay readable even when the editor cannot pick them).
 */
function useAssignmentChoices(user: ManagedUser | undefined) {
  const { departments, isAdmin } = useDepartmentChoices('Users', user ? 'UPDATE' : 'ADD');
  const roles = useUserRoleChoicesQuery();
  const choices = [...departments];
  const roleChoices: Role[] = [...(roles.data ?? [])];
  for (const a of user?.assignments ?? []) {
    if (!choices.some((d) => d.id === a.department_id))
      choices.push({ id: a.department_id, name: a.department_name });
    if (!roleChoices.some((r) => r.id === a.role_id))
      roleChoices.push(knownRole(a.role_id, a.role_name, a.department_id));
  }
  return { choices, roleChoices, roles, isAdmin };
}

/** Name, username and e-mail; a new user's address gets the invitation. */
function NameFields({ form, invite }: { form: UserFormState; invite: boolean }) {
  const { t } = useTranslation('users');
  return (
    <>
      <CCol md={6}>
        <FormField label={t('fields.firstName')} autoComplete="off" {...form.text('first_name')} />
      </CCol>
      <CCol md={6}>
        <FormField label={t('fields.lastName')} autoComplete="off" {...form.text('last_name')} />
      </CCol>
      <CCol md={6}>
        <FormField label={t('fields.username')} autoComplete="off" {...form.text('username')} />
      </CCol>
      <CCol md={6}>
        <FormField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          hint={invite ? t('inviteHint') : undefined}
          {...form.text('email')}
        />
      </CCol>
    </>
  );
}

function UserForm({ record: user, links }: { record?: ManagedUser; links: UserLinks }) {
  const { t, i18n } = useTranslation(['users', 'validation', 'errors']);
  const navigate = useNavigate();
  const me = useSelector(selectProfile);
  const { choices, roleChoices, roles, isAdmin } = useAssignmentChoices(user);
  const saving = useRecordSave(useCreateUserMutation(), useUpdateUserMutation());
  const form = useForm<UserValues>(() => initialValues(user), {
    codeFields: CODE_FIELDS,
    toast: true,
  });
  const { values, set } = form;
  const [refusal, setRefusal] = useState('');
  const self = Boolean(user && me?.id === user.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = collect(values);
    form.start(found);
    if (!body || Object.keys(found).length > 0) return;
    try {
      // The invitation mail speaks the language the administrator uses the console in.
      const create = { ...body, lng: i18n.language };
      const bodies = { create, update: user ? changesOf(body, user) : {} };
      const saved = await saving.save(user?.id, bodies, (u) =>
        user
          ? t('updated', { name: fullName(u) })
          : t('created', { name: fullName(u), email: u.email }),
      );
      void navigate(links.view(saved.id));
    } catch (e) {
      const data = form.fail(e);
      setRefusal(data.code in CODE_FIELDS ? data.message : '');
    }
  }

  const error = (name: string) => {
    const text = form.error(name);
    // A refusal (escalation, own account, last admin) also carries the server's reason.
    const code = (form.errors[name] ?? '').replace('errors:codes.', '');
    return text && code in CODE_FIELDS && refusal ? `${text} ${refusal}` : text;
  };

  return (
    <SectionCard style={{ maxWidth: 960 }}>
      <FormError error={form.serverError} />
      <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
        <CRow>
          <NameFields form={form} invite={!user} />
          <CCol md={6}>
            <SelectField
              label={t('fields.status')}
              name="status"
              value={values.status}
              onChange={(e) => set('status', e.target.value as UserValues['status'])}
              error={error('status')}
              disabled={self}
              hint={self ? t('ownStatusLocked') : undefined}
            >
              <option value="active">{t('statuses.active')}</option>
              <option value="disabled">{t('statuses.disabled')}</option>
            </SelectField>
          </CCol>
          {isAdmin && (
            <CCol md={6} className="d-flex align-items-center">
              <CFormSwitch
                id="user-default-admin"
                label={t('fields.defaultAdmin')}
                checked={values.is_defaultadmin}
                disabled={self}
                onChange={(e) => set('is_defaultadmin', e.target.checked)}
              />
            </CCol>
          )}
        </CRow>
        {roles.isError && (
          <CAlert color="warning">
            {toApiErrorData(roles.error).status === 403
              ? t('rolesUnavailable')
              : errorText(t, toApiErrorData(roles.error))}
          </CAlert>
        )}
        <AssignmentsEditor
          value={values.assignments}
          onChange={(assignments) => set('assignments', assignments)}
          departments={choices}
          roles={roleChoices}
          disabled={self}
          hint={self ? t('ownAssignmentsLocked') : undefined}
          error={error('assignments')}
        />
        <FormActions
          className="d-flex gap-2 mt-4"
          submit={t(user ? 'save' : 'create')}
          busy={saving.busy}
          back={{ to: user ? links.view(user.id) : links.list, text: t('common:cancel') }}
        />
      </CForm>
    </SectionCard>
  );
}
