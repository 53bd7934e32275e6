import type { InputHTMLAttributes } from 'react';
import { CFormInput } from '@coreui/react';
import { FieldShell, type FieldShellProps } from './field-shell';

interface FormFieldProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'id' | 'children' | 'value'>,
    Omit<FieldShellProps, 'hiddenLabel'> {
  value?: string | number;
}

/** A labelled input with its error text (SPEC §5 validation), linked for assistive technology. */
export function FormField({ label, error, hint, id, className, ...input }: FormFieldProps) {
  return (
    <FieldShell
      {...{ label, error, hint, id, className }}
      control={(control) => <CFormInput {...control} {...input} />}
    />
  );
}
