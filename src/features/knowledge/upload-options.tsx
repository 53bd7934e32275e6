import { useState } from 'react';
import { CFormSwitch } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import type { DepartmentChoice } from './knowledge-access';

interface DepartmentSelectProps {
  choices: DepartmentChoice[];
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}

/** The department an upload goes to (required; only departments with Documents.ADD). */
function DepartmentSelect({ choices, value, onChange, error, disabled }: DepartmentSelectProps) {
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

interface ToggleProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
  disabled?: boolean;
}

/** advanced_training / need_summary: a switch with one line saying what it does. */
function OptionSwitch({ id, checked, onChange, label, hint, disabled }: ToggleProps) {
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

/** What an upload is sent with: its department (required) and its options. */
export function useUploadOptions(departments: DepartmentChoice[]) {
  const [department, setDepartment] = useState(() =>
    departments.length === 1 ? String(departments[0].id) : '',
  );
  const [departmentError, setDepartmentError] = useState(false);
  const [advancedTraining, setAdvancedTraining] = useState(false);
  const [needSummary, setNeedSummary] = useState(false);
  return {
    department,
    departmentError,
    advancedTraining,
    needSummary,
    setAdvancedTraining,
    setNeedSummary,
    chooseDepartment(value: string) {
      setDepartment(value);
      setDepartmentError(false);
    },
    /** Marks a missing department; true when one is chosen. */
    checkDepartment(): boolean {
      setDepartmentError(department === '');
      return department !== '';
    },
  };
}

type UploadOptionsState = ReturnType<typeof useUploadOptions>;

/** The department and the switches of an upload form; `summary` adds need_summary. */
export function UploadOptions(props: {
  options: UploadOptionsState;
  choices: DepartmentChoice[];
  idPrefix: string;
  summary?: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('knowledge');
  const { options: o, disabled } = props;
  return (
    <>
      <DepartmentSelect
        choices={props.choices}
        value={o.department}
        onChange={o.chooseDepartment}
        error={o.departmentError ? t('upload.departmentRequired') : null}
        disabled={disabled}
      />
      <OptionSwitch
        id={`${props.idPrefix}-advanced-training`}
        label={t('upload.advancedTraining')}
        hint={t('upload.advancedTrainingHint')}
        checked={o.advancedTraining}
        onChange={o.setAdvancedTraining}
        disabled={disabled}
      />
      {props.summary && (
        <OptionSwitch
          id={`${props.idPrefix}-need-summary`}
          label={t('upload.needSummary')}
          hint={t('upload.needSummaryHint')}
          checked={o.needSummary}
          onChange={o.setNeedSummary}
          disabled={disabled}
        />
      )}
    </>
  );
}
