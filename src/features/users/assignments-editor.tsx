import { useId } from 'react';
import { CButton } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@contract/identity';
import { SelectField } from '@/components/select-field';
import { ToneButton } from '@/components/tone-button';
import type { DepartmentRef } from '@/lib/session/assignable';

/** One (department, role) pair as the selects hold it: ids as text, '' when not chosen. */
export interface AssignmentDraft {
  key: string;
  department: string;
  role: string;
}

interface AssignmentsEditorProps {
  value: AssignmentDraft[];
  onChange: (value: AssignmentDraft[]) => void;
  departments: readonly DepartmentRef[];
  roles: readonly Role[];
  disabled?: boolean;
  /** Already translated error of the whole list. */
  error?: string | null;
  hint?: string;
}

let counter = 0;
export const newDraftKey = () => `a${++counter}`;

/** Roles that may be given in a department: its own, and those for every department. */
function rolesForDepartment(roles: readonly Role[], departmentId: number): Role[] {
  return roles
    .filter((r) => r.department_id === null || r.department_id === departmentId)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The user's role assignments: rows of department + role, added and removed freely. */
export function AssignmentsEditor(props: AssignmentsEditorProps) {
  const { t } = useTranslation('users');
  const headingId = useId();
  const errorId = useId();
  const { value, onChange } = props;

  const patch = (key: string, change: Partial<AssignmentDraft>) =>
    onChange(value.map((a) => (a.key === key ? { ...a, ...change } : a)));

  return (
    <fieldset aria-labelledby={headingId} aria-describedby={props.error ? errorId : undefined}>
      <legend id={headingId} className="h6">
        {t('fields.assignments')}
      </legend>
      {props.hint && <p className="small text-body-secondary">{props.hint}</p>}
      {value.length === 0 && <p className="text-body-secondary">{t('noAssignments')}</p>}
      <ol className="list-unstyled mb-2">
        {value.map((a, index) => {
          const departmentId = Number(a.department);
          const roles = a.department ? rolesForDepartment(props.roles, departmentId) : [];
          const n = index + 1;
          return (
            <li key={a.key} className="d-flex flex-wrap align-items-end gap-2 mb-2">
              <SelectField
                className="flex-grow-1"
                label={t('assignment.department', { n })}
                value={a.department}
                disabled={props.disabled}
                onChange={(e) => patch(a.key, { department: e.target.value, role: '' })}
              >
                <option value="">{t('assignment.chooseDepartment')}</option>
                {props.departments.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                className="flex-grow-1"
                label={t('assignment.role', { n })}
                value={a.role}
                disabled={props.disabled || !a.department}
                onChange={(e) => patch(a.key, { role: e.target.value })}
              >
                <option value="">
                  {a.department ? t('assignment.chooseRole') : t('assignment.departmentFirst')}
                </option>
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </SelectField>
              {!props.disabled && (
                <ToneButton
                  tone="danger"
                  className="mb-0"
                  onClick={() => onChange(value.filter((x) => x.key !== a.key))}
                  aria-label={t('assignment.remove', { n })}
                >
                  {t('assignment.removeShort')}
                </ToneButton>
              )}
            </li>
          );
        })}
      </ol>
      {props.error && (
        <div id={errorId} className="invalid-feedback d-block mb-2">
          {props.error}
        </div>
      )}
      {!props.disabled && (
        <CButton
          color="secondary"
          variant="outline"
          size="sm"
          onClick={() => onChange([...value, { key: newDraftKey(), department: '', role: '' }])}
        >
          {t('assignment.add')}
        </CButton>
      )}
    </fieldset>
  );
}
