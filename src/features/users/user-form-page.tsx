import { useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCol,
  CForm,
  CFormSwitch,
  CRow,
  CSpinner,
} from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ManagedUser, Role } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { FormPage, useRecordId } from '@/components/record-page';
import { SelectField } from '@/components/select-field';
import { errorText } from '@/lib/error-text';
import { toApiErrorData } from '@/lib/http';
import { toastAdded } from '@/lib/notify/notify-slice';
import { selectAccessSubject, selectProfile } from '@/lib/session/session-slice';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useLibDispatch } from '@/lib/store-types';
import { useFormErrors } from '@/components/use-form-errors';
import { AssignmentsEditor } from './assignments-editor';
import {
  changesOf,
  CODE_FIELDS,
  collect,
  initialValues,
  knownRole,
  type TextField,
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
export function UserFormPage({ links }: { links: UserLinks }) {
  const { t } = useTranslation(['users', 'errors']);
  const { id, valid, given } = useRecordId('user_id');
  const user = useGetUserQuery(id, { skip: !given || !valid });
  return (
    <FormPage
      heading={t(given ? 'editTitle' : 'addTitle')}
      editing={given}
      query={user}
      valid={valid}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(data) => <UserForm key={data?.updated_at} user={data} links={links} />}
    />
  );
}

function UserForm({ user, links }: { user?: ManagedUser; links: UserLinks }) {
  const { t } = useTranslation(['users', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const subject = useSelector(selectAccessSubject);
  const me = useSelector(selectProfile);
  const { departments } = useDepartmentChoices('Users', user ? 'UPDATE' : 'ADD');
  const roles = useUserRoleChoicesQuery();
  const [create, creating] = useCreateUserMutation();
  const [update, updating] = useUpdateUserMutation();
  const [values, setValues] = useState<UserValues>(() => initialValues(user));
  const form = useFormErrors(CODE_FIELDS);
  const { errors, serverError } = form;
  const [refusal, setRefusal] = useState('');
  const busy = creating.isLoading || updating.isLoading;
  const self = Boolean(user && me?.id === user.id);
  const mayAdmin = subject?.is_defaultadmin ?? false;

  // Departments the user already belongs to stay visible even when the editor cannot pick them.
  const choices = [...departments];
  for (const a of user?.assignments ?? [])
    if (!choices.some((d) => d.id === a.department_id))
      choices.push({ id: a.department_id, name: a.department_name });

  // Roles the user already holds stay readable even when the editor cannot list them.
  const roleChoices: Role[] = [...(roles.data ?? [])];
  for (const a of user?.assignments ?? [])
    if (!roleChoices.some((r) => r.id === a.role_id))
      roleChoices.push(knownRole(a.role_id, a.role_name, a.department_id));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = collect(values);
    form.start(found);
    if (!body || Object.keys(found).length > 0) return;
    try {
      const saved = user
        ? await update({ id: user.id, body: changesOf(body, user) }).unwrap()
        : await create(body).unwrap();
      const message = user
        ? t('updated', { name: fullName(saved) })
        : t('created', { name: fullName(saved), email: saved.email });
      dispatch(toastAdded({ message, color: 'success' }));
      void navigate(links.view(saved.id));
    } catch (e) {
      const data = form.fail(e);
      setRefusal(data.code in CODE_FIELDS ? data.message : '');
    }
  }

  const error = (name: string) => {
    const key = errors[name];
    if (!key) return null;
    // A refusal (escalation, own account, last admin) also carries the server's reason.
    const code = key.replace('errors:codes.', '');
    return code in CODE_FIELDS && refusal ? `${t(key)} ${refusal}` : t(key);
  };
  const text = (name: TextField) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: error(name),
  });

  return (
    <CCard style={{ maxWidth: 960 }}>
      <CCardBody>
        {serverError && (
          <CAlert color="danger" role="alert">
            {errorText(t, serverError)}
          </CAlert>
        )}
        <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
          <CRow>
            <CCol md={6}>
              <FormField label={t('fields.firstName')} autoComplete="off" {...text('first_name')} />
            </CCol>
            <CCol md={6}>
              <FormField label={t('fields.lastName')} autoComplete="off" {...text('last_name')} />
            </CCol>
            <CCol md={6}>
              <FormField label={t('fields.username')} autoComplete="off" {...text('username')} />
            </CCol>
            <CCol md={6}>
              <FormField
                label={t('fields.email')}
                type="email"
                autoComplete="off"
                hint={user ? undefined : t('inviteHint')}
                {...text('email')}
              />
            </CCol>
            <CCol md={6}>
              <SelectField
                label={t('fields.status')}
                name="status"
                value={values.status}
                onChange={(e) =>
                  setValues((v) => ({ ...v, status: e.target.value as UserValues['status'] }))
                }
                error={error('status')}
                disabled={self}
                hint={self ? t('ownStatusLocked') : undefined}
              >
                <option value="active">{t('statuses.active')}</option>
                <option value="disabled">{t('statuses.disabled')}</option>
              </SelectField>
            </CCol>
            {mayAdmin && (
              <CCol md={6} className="d-flex align-items-center">
                <CFormSwitch
                  id="user-default-admin"
                  label={t('fields.defaultAdmin')}
                  checked={values.is_defaultadmin}
                  disabled={self}
                  onChange={(e) => setValues((v) => ({ ...v, is_defaultadmin: e.target.checked }))}
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
            onChange={(assignments) => setValues((v) => ({ ...v, assignments }))}
            departments={choices}
            roles={roleChoices}
            disabled={self}
            hint={self ? t('ownAssignmentsLocked') : undefined}
            error={error('assignments')}
          />
          <div className="d-flex gap-2 mt-4">
            <CButton type="submit" color="primary" disabled={busy}>
              {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
              {t(user ? 'save' : 'create')}
            </CButton>
            <CButton
              as={Link}
              to={user ? links.view(user.id) : links.list}
              color="secondary"
              variant="outline"
            >
              {t('common:cancel')}
            </CButton>
          </div>
        </CForm>
      </CCardBody>
    </CCard>
  );
}
