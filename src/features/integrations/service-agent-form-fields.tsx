/** The parts of the chat widget form that are more than a text box: colours and target areas. */
import { CFormCheck, CFormInput, CFormLabel, CInputGroup } from '@coreui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartmentRef } from '@/lib/session/assignable';
import { isHexColour, longHex } from './colour';

/** A hex colour typed or picked; both show the same value. */
export function ColourField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation('service-agent');
  const id = useId();
  return (
    <div className="mb-3">
      <CFormLabel htmlFor={id}>{label}</CFormLabel>
      <CInputGroup className={error ? 'has-validation' : undefined}>
        <CFormInput
          type="color"
          className="colour-picker"
          aria-label={t('pickColour', { field: label })}
          value={isHexColour(value) ? longHex(value) : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <CFormInput
          id={id}
          name={name}
          value={value}
          maxLength={7}
          spellCheck={false}
          invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {error && (
          <div id={`${id}-error`} className="invalid-feedback">
            {error}
          </div>
        )}
      </CInputGroup>
    </div>
  );
}

/** The departments the widget answers from: one checkbox each. */
export function TargetAreasField({
  choices,
  value,
  onChange,
  error,
}: {
  choices: DepartmentRef[];
  value: number[];
  onChange: (ids: number[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation('service-agent');
  const id = useId();
  return (
    <fieldset
      className="mb-3"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-label fs-6 mb-1">{t('fields.targetAreas')}</legend>
      {choices.length === 0 && <p className="small text-body-secondary mb-1">{t('noAreas')}</p>}
      <div className="d-flex flex-wrap column-gap-4">
        {choices.map((d) => (
          <CFormCheck
            key={d.id}
            id={`${id}-${d.id}`}
            label={d.name}
            checked={value.includes(d.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, d.id] : value.filter((v) => v !== d.id))
            }
          />
        ))}
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('targetAreasHint')}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
