/**
 * The one form-field wrapper: a label, the control, its hint and its error text (SPEC §5
 * validation), linked for assistive technology. FormField, SelectField and TextareaField are this
 * shell around CoreUI's input, select and text area.
 */
import { useId, type ReactNode } from 'react';
import { CFormFeedback, CFormLabel, CFormText } from '@coreui/react';

export interface FieldShellProps {
  label: string;
  /** Already translated error text; shown under the control and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
  /** Hide the label visually (it still names the control), e.g. inside a table row. */
  hiddenLabel?: boolean;
}

/** What the control itself takes: its id, invalid state and the ids that describe it. */
interface ControlProps {
  id: string;
  invalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function FieldShell({
  label,
  error,
  hint,
  id,
  className,
  hiddenLabel,
  control,
}: FieldShellProps & { control: (props: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'mb-3'}>
      <CFormLabel htmlFor={controlId} className={hiddenLabel ? 'visually-hidden' : undefined}>
        {label}
      </CFormLabel>
      {control({
        id: controlId,
        invalid: Boolean(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && <CFormText id={hintId}>{hint}</CFormText>}
      {error && (
        <CFormFeedback invalid id={errorId}>
          {error}
        </CFormFeedback>
      )}
    </div>
  );
}
