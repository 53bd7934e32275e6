/**
 * What every form shows under its fields: the send button and the way out. The refusal above the
 * fields is form-error.tsx, apart so that /login's first download has no alert.
 */
import type { ReactNode } from 'react';
import { CButton, CSpinner } from '@coreui/react';
import { Link } from 'react-router-dom';

/** The submit button; it waits (with a spinner) while the form is sent. */
export function SubmitButton({
  busy,
  className,
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <CButton type="submit" color="primary" className={className} disabled={busy}>
      {busy && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </CButton>
  );
}

/** Send and a way out (Cancel, Back to the list …) under a record's form. */
export function FormActions({
  submit,
  busy,
  back,
  className = 'd-flex gap-2',
  children,
}: {
  /** The send button's text; a read-only form has none and shows `children` instead. */
  submit?: string;
  busy?: boolean;
  back: { to: string; text: string };
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      {submit && <SubmitButton busy={busy ?? false}>{submit}</SubmitButton>}
      <CButton as={Link} to={back.to} color="secondary" variant="outline">
        {back.text}
      </CButton>
    </div>
  );
}
