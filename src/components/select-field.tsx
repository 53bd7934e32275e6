import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { CFormFeedback, CFormLabel, CFormSelect, CFormText } from '@coreui/react';

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'size' | 'id' | 'value'
> {
  label: string;
  value: string | number;
  /** Already translated error text, announced with the select. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Hide the label visually (it still names the select), e.g. inside a table row. */
  hiddenLabel?: boolean;
  children: ReactNode;
}

/** A labelled select with its error text; the select twin of FormField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  hiddenLabel,
  children,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? `select-${generated}`;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <CFormLabel htmlFor={selectId} className={hiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </CFormLabel>
      <CFormSelect
        id={selectId}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...select}
      >
        {children}
      </CFormSelect>
      {hint && <CFormText id={hintId}>{hint}</CFormText>}
      {error && (
        <CFormFeedback invalid id={errorId}>
          {error}
        </CFormFeedback>
      )}
    </div>
  );
}
