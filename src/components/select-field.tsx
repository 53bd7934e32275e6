import type { ReactNode, SelectHTMLAttributes } from 'react';
import { CFormSelect } from '@coreui/react';
import { FieldShell, type FieldShellProps } from './field-shell';

interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'id' | 'value'>, FieldShellProps {
  value: string | number;
  children: ReactNode;
}

/** A labelled select with its error text; the select form of FormField. */
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
  return (
    <FieldShell
      {...{ label, error, hint, id, className, hiddenLabel }}
      control={(control) => (
        <CFormSelect {...control} {...select}>
          {children}
        </CFormSelect>
      )}
    />
  );
}
