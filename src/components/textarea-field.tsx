import type { TextareaHTMLAttributes } from 'react';
import { CFormTextarea } from '@coreui/react';
import { FieldShell, type FieldShellProps } from './field-shell';

interface TextareaFieldProps
  extends
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'>,
    Omit<FieldShellProps, 'hiddenLabel'> {
  value: string;
}

/** A labelled multi-line text input with its error text; the text-area form of FormField. */
export function TextareaField({ label, error, hint, id, className, ...area }: TextareaFieldProps) {
  return (
    <FieldShell
      {...{ label, error, hint, id, className }}
      control={(control) => <CFormTextarea rows={3} {...control} {...area} />}
    />
  );
}
