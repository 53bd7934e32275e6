import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { CFormFeedback, CFormLabel, CFormText, CFormTextarea } from '@coreui/react';

export interface TextareaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value'
> {
  label: string;
  value: string;
  /** Already translated error text, announced with the text area. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

/** A labelled multi-line text input with its error text; the textarea twin of FormField. */
export function TextareaField({ label, error, hint, id, className, ...area }: TextareaFieldProps) {
  const generated = useId();
  const areaId = id ?? `textarea-${generated}`;
  const errorId = `${areaId}-error`;
  const hintId = `${areaId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <CFormLabel htmlFor={areaId}>{label}</CFormLabel>
      <CFormTextarea
        id={areaId}
        rows={3}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...area}
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
