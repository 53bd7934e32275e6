import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CCol,
  CForm,
  CRow,
  CSpinner,
} from '@coreui/react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { roleInputSchema, type Role } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { FormPage, useRecordId } from '@/components/record-page';
import { SelectField } from '@/components/select-field';
import { TextareaField } from '@/components/textarea-field';
import { errorText } from '@/lib/error-text';
import { validateWith } from '@/lib/form-errors';
import { toastAdded } from '@/lib/notify/notify-slice';
import { heldPermissionIds } from '@/lib/session/assignable';
import { selectAccessSubject } from '@/lib/session/session-slice';
import { useLibDispatch } from '@/lib/store-types';
import { useFormErrors } from '@/components/use-form-errors';
import { PermissionMatrix } from './permission-matrix';
import type { RoleLinks } from './role-links';
import { useCreateRoleMutation, useGetRoleQuery, useUpdateRoleMutation } from './roles-api';
import { useDepartmentChoices } from '@/lib/session/department-choices';

const CODE_FIELDS = { NAME_TAKEN: 'name', PRIVILEGE_ESCALATION: 'permission_set' };

interface RoleValues {
  name: string;
  description: string;
  /** '' is "every department" (department_id null). */
  department: string;
  permission_set: number[];
}

/** add-role (no id) and update-role/{id}: name, department, description and the rights matrix. */
export function RoleFormPage({ links }: { links: RoleLinks }) {
  const { t } = useTranslation(['roles', 'errors']);
  const { id, valid, given } = useRecordId('id');
  const role = useGetRoleQuery(id, { skip: !given || !valid });
  return (
    <FormPage
      heading={t(given ? 'updateTitle' : 'addTitle')}
      editing={given}
      query={role}
      valid={valid}
      listPath={links.list}
      texts={{ notFound: t('notFound'), backToList: t('backToList') }}
      form={(data) => <RoleForm key={data?.updated_at} role={data} links={links} />}
    />
  );
}

function RoleForm({ role, links }: { role?: Role; links: RoleLinks }) {
  const { t } = useTranslation(['roles', 'validation', 'errors']);
  const dispatch = useLibDispatch();
  const navigate = useNavigate();
  const subject = useSelector(selectAccessSubject);
  const { departments, isAdmin } = useDepartmentChoices('Roles', role ? 'UPDATE' : 'ADD');
  const [create, creating] = useCreateRoleMutation();
  const [update, updating] = useUpdateRoleMutation();
  const matrixErrorId = useId();
  const [values, setValues] = useState<RoleValues>({
    name: role?.name ?? '',
    description: role?.description ?? '',
    department: role?.department_id ? String(role.department_id) : '',
    permission_set: role ? [...role.permission_set] : [],
  });
  const form = useFormErrors(CODE_FIELDS);
  const { errors, serverError } = form;
  const busy = creating.isLoading || updating.isLoading;
  const departmentId = values.department ? Number(values.department) : null;

  const grantable = useMemo(
    () => (isAdmin || !subject ? undefined : heldPermissionIds(subject, departmentId)),
    [isAdmin, subject, departmentId],
  );
  // The role's own department stays choosable even if the editor does not hold the right there.
  const choices =
    role?.department_id && !departments.some((d) => d.id === role.department_id)
      ? [...departments, { id: role.department_id, name: role.department_name ?? '' }]
      : departments;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateWith(roleInputSchema, {
      name: values.name,
      description: values.description,
      department_id: departmentId,
      permission_set: values.permission_set,
    });
    const found = { ...checked.errors };
    if (!isAdmin && departmentId === null) found.department_id = 'roles:departmentRequired';
    form.start(found);
    if (!checked.data || Object.keys(found).length > 0) return;
    try {
      const saved = role
        ? await update({ id: role.id, body: checked.data }).unwrap()
        : await create(checked.data).unwrap();
      dispatch(
        toastAdded({
          message: t(role ? 'updated' : 'created', { name: saved.name }),
          color: 'success',
        }),
      );
      void navigate(links.view(saved.id));
    } catch (e) {
      form.fail(e);
    }
  }

  const text = (name: 'name' | 'description') => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const error = (name: string) => (errors[name] ? t(errors[name]) : null);

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      {serverError && (
        <CAlert color="danger" role="alert">
          {errorText(t, serverError)}
        </CAlert>
      )}
      <CCard className="mb-4">
        <CCardBody>
          <CRow>
            <CCol md={6}>
              <FormField
                label={t('fields.name')}
                name="name"
                value={values.name}
                onChange={text('name')}
                maxLength={64}
                required
                error={error('name')}
              />
            </CCol>
            <CCol md={6}>
              <SelectField
                label={t('fields.department')}
                name="department_id"
                value={values.department}
                onChange={(e) => setValues((v) => ({ ...v, department: e.target.value }))}
                error={error('department_id')}
                hint={t('departmentHint')}
              >
                {isAdmin ? (
                  <option value="">{t('allDepartments')}</option>
                ) : (
                  <option value="">{t('chooseDepartment')}</option>
                )}
                {choices.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </SelectField>
            </CCol>
          </CRow>
          <TextareaField
            label={t('fields.description')}
            name="description"
            value={values.description}
            onChange={text('description')}
            maxLength={500}
            error={error('description')}
            className="mb-0"
          />
        </CCardBody>
      </CCard>
      <CCard className="mb-4">
        <CCardHeader>
          <h2 className="h5 mb-0">{t('matrix.heading')}</h2>
        </CCardHeader>
        <CCardBody>
          {grantable && <p className="small text-body-secondary">{t('matrix.lockedHint')}</p>}
          <PermissionMatrix
            value={values.permission_set}
            onChange={(permission_set) => setValues((v) => ({ ...v, permission_set }))}
            grantable={grantable}
            invalid={Boolean(errors.permission_set)}
            errorId={errors.permission_set ? matrixErrorId : undefined}
          />
          {errors.permission_set && (
            <div id={matrixErrorId} className="invalid-feedback d-block" role="alert">
              {t(errors.permission_set)}
            </div>
          )}
        </CCardBody>
      </CCard>
      <div className="d-flex gap-2">
        <CButton type="submit" color="primary" disabled={busy}>
          {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          {t(role ? 'save' : 'create')}
        </CButton>
        <CButton
          as={Link}
          to={role ? links.view(role.id) : links.list}
          color="secondary"
          variant="outline"
        >
          {t('common:cancel')}
        </CButton>
      </div>
    </CForm>
  );
}
