import { CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import type { DepartmentChoice } from './knowledge-access';

export interface DepartmentSelectProps {
  choices: DepartmentChoice[];
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

/** The department an upload goes to (required; only departments with Documents.ADD). */
export function DepartmentSelect({
  choices,
  value,
  onChange,
  error,
  disabled,
}: DepartmentSelectProps) {
  const { t } = useTranslation('knowledge');
  return (
    <SelectField
      label={t('upload.department')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      disabled={disabled}
      required
      hint={choices.length === 0 ? t('upload.noDepartments') : undefined}
    >
      <option value="">{t('upload.chooseDepartment')}</option>
      {choices.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </SelectField>
  );
}

export interface ToggleProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  disabled?: boolean;
}

/** advanced_training / need_summary: a switch with one line saying what it does. */
export function OptionSwitch({ id, checked, onChange, label, hint, disabled }: ToggleProps) {
  return (
    <div className="mb-2">
      <CFormSwitch
        id={id}
        label={label}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div id={`${id}-hint`} className="form-text mt-0 ms-5">
        {hint}
      </div>
    </div>
  );
}
