import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { CFormFeedback, CFormInput, CFormLabel, CFormText } from '@coreui/react';

export interface FormFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'size' | 'id' | 'children' | 'value'
> {
  label: string;
  value?: string | number;
  /** Already translated error text; shown under the input and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

/** A labelled input with its error text (SPEC §5 validation), linked for assistive technology. */
export function FormField({ label, error, hint, id, className, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <CFormLabel htmlFor={inputId}>{label}</CFormLabel>
      <CFormInput
        id={inputId}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && <CFormText id={hintId}>{hint}</CFormText>}
      {error && (
        <CFormFeedback invalid id={errorId}>
          {error}
        </CFormFeedback>
      )}
    </div>
  );
}
