import { useId, useMemo, type FormEvent } from 'react';
import { CCol, CForm, CRow } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { roleInputSchema, type Role } from '@contract/identity';
import { FormField } from '@/components/form-field';
import { FormError } from '@/components/form-error';
import { FormActions } from '@/components/form-parts';
import { SectionCard } from '@/components/record-details';
import { recordFormPage } from '@/components/record-page';
import { SelectField } from '@/components/select-field';
import { TextareaField } from '@/components/textarea-field';
import { useForm } from '@/components/use-form';
import { useRecordSave } from '@/components/use-record-save';
import { validateWith } from '@/lib/form-errors';
import { heldPermissionIds } from '@/lib/session/assignable';
import { useDepartmentChoices } from '@/lib/session/department-choices';
import { useCan } from '@/lib/session/use-can';
import { PermissionMatrix } from './permission-matrix';
import type { RoleLinks } from './role-links';
import { useCreateRoleMutation, useGetRoleQuery, useUpdateRoleMutation } from './roles-api';

const CODE_FIELDS = { NAME_TAKEN: 'name', PRIVILEGE_ESCALATION: 'permission_set' };

interface RoleValues {
  name: string;
  description: string;
  /** '' is "every department" (department_id null). */
  department: string;
  permission_set: number[];
}

/** add-role (no id) and update-role/{id}: name, department, description and the rights matrix. */
export const RoleFormPage = recordFormPage({
  ns: 'roles',
  param: 'id',
  titles: { add: 'addTitle', edit: 'updateTitle' },
  useRecord: useGetRoleQuery,
  Form: RoleForm,
});

function RoleForm({ record: role, links }: { record?: Role; links: RoleLinks }) {
  const { t } = useTranslation(['roles', 'validation', 'errors']);
  const navigate = useNavigate();
  const { subject } = useCan();
  const { departments, isAdmin } = useDepartmentChoices('Roles', role ? 'UPDATE' : 'ADD');
  const saving = useRecordSave(useCreateRoleMutation(), useUpdateRoleMutation());
  const form = useForm<RoleValues>(
    {
      name: role?.name ?? '',
      description: role?.description ?? '',
      department: role?.department_id ? String(role.department_id) : '',
      permission_set: role ? [...role.permission_set] : [],
    },
    { codeFields: CODE_FIELDS, toast: true },
  );
  const { values } = form;
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
      const body = checked.data;
      const saved = await saving.save(role?.id, { create: body, update: body }, (r) =>
        t(role ? 'updated' : 'created', { name: r.name }),
      );
      void navigate(links.view(saved.id));
    } catch (e) {
      form.fail(e);
    }
  }

  return (
    <CForm noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError error={form.serverError} />
      <SectionCard className="mb-4">
        <CRow>
          <CCol md={6}>
            <FormField label={t('fields.name')} maxLength={64} required {...form.text('name')} />
          </CCol>
          <CCol md={6}>
            <SelectField
              label={t('fields.department')}
              name="department_id"
              value={values.department}
              onChange={(e) => form.set('department', e.target.value)}
              error={form.error('department_id')}
              hint={t('departmentHint')}
            >
              <option value="">{t(isAdmin ? 'allDepartments' : 'chooseDepartment')}</option>
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
          maxLength={500}
          className="mb-0"
          {...form.text('description')}
        />
      </SectionCard>
      <RightsCard
        value={values.permission_set}
        onChange={(permission_set) => form.set('permission_set', permission_set)}
        grantable={grantable}
        error={form.error('permission_set')}
      />
      <FormActions
        submit={t(role ? 'save' : 'create')}
        busy={saving.busy}
        back={{ to: role ? links.view(role.id) : links.list, text: t('common:cancel') }}
      />
    </CForm>
  );
}

/** The rights matrix of the form, with what the editor may not grant locked. */
function RightsCard(props: {
  value: number[];
  onChange: (value: number[]) => void;
  grantable: Set<number> | undefined;
  error: string | null;
}) {
  const { t } = useTranslation('roles');
  const errorId = useId();
  return (
    <SectionCard heading={t('matrix.heading')} className="mb-4">
      {props.grantable && <p className="small text-body-secondary">{t('matrix.lockedHint')}</p>}
      <PermissionMatrix
        value={props.value}
        onChange={props.onChange}
        grantable={props.grantable}
        invalid={Boolean(props.error)}
        errorId={props.error ? errorId : undefined}
      />
      {props.error && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {props.error}
        </div>
      )}
    </SectionCard>
  );
}
